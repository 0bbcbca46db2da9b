-- Business owners (docs/owners.md): passwordless sign-in, claimed listings, owners' edits and
-- replies, every owner and support action audited.

-- better-auth's tables (its kysely adapter over this database; src/features/owners/auth.server.ts),
-- as its own migration generator writes them for SQLite, with our names.
CREATE TABLE auth_users (
  id TEXT NOT NULL PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE,
  emailVerified INTEGER NOT NULL,
  image TEXT,
  createdAt DATE NOT NULL,
  updatedAt DATE NOT NULL
);
CREATE TABLE auth_sessions (
  id TEXT NOT NULL PRIMARY KEY,
  expiresAt DATE NOT NULL,
  token TEXT NOT NULL UNIQUE,
  createdAt DATE NOT NULL,
  updatedAt DATE NOT NULL,
  ipAddress TEXT,
  userAgent TEXT,
  userId TEXT NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE
);
CREATE INDEX auth_sessions_userId_idx ON auth_sessions (userId);
-- Sign-in is by emailed code only: the database itself refuses a stored password.
CREATE TABLE auth_accounts (
  id TEXT NOT NULL PRIMARY KEY,
  accountId TEXT NOT NULL,
  providerId TEXT NOT NULL,
  userId TEXT NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
  accessToken TEXT,
  refreshToken TEXT,
  idToken TEXT,
  accessTokenExpiresAt DATE,
  refreshTokenExpiresAt DATE,
  scope TEXT,
  password TEXT CHECK (password IS NULL),
  createdAt DATE NOT NULL,
  updatedAt DATE NOT NULL
);
CREATE INDEX auth_accounts_userId_idx ON auth_accounts (userId);
-- Pending codes, stored hashed with their count of wrong attempts.
CREATE TABLE auth_verifications (
  id TEXT NOT NULL PRIMARY KEY,
  identifier TEXT NOT NULL,
  value TEXT NOT NULL,
  expiresAt DATE NOT NULL,
  createdAt DATE NOT NULL,
  updatedAt DATE NOT NULL
);
CREATE INDEX auth_verifications_identifier_idx ON auth_verifications (identifier);

-- Who manages a listing: one owner account per listing, and how they proved it.
CREATE TABLE listing_owners (
  providerId TEXT NOT NULL PRIMARY KEY REFERENCES providers (id) ON DELETE CASCADE,
  userId TEXT NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  via TEXT NOT NULL CHECK (via IN ('listed-email', 'website-domain', 'new-listing', 'support')),
  claimedAt TEXT NOT NULL
);
CREATE INDEX listing_owners_user ON listing_owners (userId);

-- Every owner and support action on a listing: who, when, what, and the fields before and after.
CREATE TABLE owner_audit (
  id TEXT PRIMARY KEY,
  providerId TEXT NOT NULL,
  action TEXT NOT NULL CHECK (action IN (
    'claim', 'revoke-claim', 'assign', 'edit', 'reply', 'edit-reply', 'delete-reply', 'hide-reply', 'restore-reply'
  )),
  targetId TEXT,                -- the reply, for reply actions
  actor TEXT NOT NULL,          -- the owner's email, or the operator for support actions
  reason TEXT,
  before TEXT,                  -- JSON of the changed fields, or NULL
  after TEXT,
  createdAt TEXT NOT NULL
);
CREATE INDEX owner_audit_provider ON owner_audit (providerId, createdAt);

-- A listing's status as its owner sets it. 'temporarily_closed' ends by itself on closedUntil
-- (YYYY-MM-DD in the provider's time zone); ownerUpdatedAt feeds "Updated by the business on {date}".
ALTER TABLE providers ADD COLUMN status TEXT NOT NULL DEFAULT 'open'
  CHECK (status IN ('open', 'temporarily_closed', 'permanently_closed'));
ALTER TABLE providers ADD COLUMN closedUntil TEXT;
ALTER TABLE providers ADD COLUMN ownerUpdatedAt TEXT;

-- Owners' public replies: one per review, at most 1,000 characters, hidden only by a moderator.
CREATE TABLE review_replies (
  id TEXT PRIMARY KEY,
  reviewId TEXT NOT NULL UNIQUE REFERENCES reviews (id) ON DELETE CASCADE,
  providerId TEXT NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  userId TEXT NOT NULL,
  body TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 1000),
  status TEXT NOT NULL DEFAULT 'published' CHECK (status IN ('published', 'hidden')),
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);
CREATE INDEX review_replies_provider ON review_replies (providerId);

-- Reports of replies, as of reviews: a queue for moderators; a report hides nothing by itself.
CREATE TABLE reply_reports (
  id TEXT PRIMARY KEY,
  replyId TEXT NOT NULL REFERENCES review_replies (id) ON DELETE CASCADE,
  reason TEXT NOT NULL CHECK (reason IN ('spam', 'offensive', 'conflict_of_interest', 'not_a_real_experience', 'other')),
  details TEXT,
  createdAt TEXT NOT NULL,
  resolvedAt TEXT
);
CREATE INDEX reply_reports_open ON reply_reports (resolvedAt, createdAt DESC);
