-- The operator console (docs/moderation.md "Operators"). The role is a row here, on an owners'
-- account (auth_users), written only by `npm run moderate -- operators add|remove`: no HTTP call
-- grants it, and claiming a listing never does.
CREATE TABLE operators (
  userId TEXT PRIMARY KEY REFERENCES auth_users (id) ON DELETE CASCADE,
  email TEXT NOT NULL UNIQUE,
  grantedBy TEXT NOT NULL,
  reason TEXT NOT NULL,
  grantedAt TEXT NOT NULL
);

-- Every grant and revocation of the role: who, when, for whom and why.
CREATE TABLE operator_grants (
  id TEXT PRIMARY KEY,
  action TEXT NOT NULL CHECK (action IN ('grant-operator', 'revoke-operator')),
  email TEXT NOT NULL,
  reason TEXT NOT NULL,
  actor TEXT NOT NULL,
  createdAt TEXT NOT NULL
);

-- "Keep" closes the reports of a reply or a photo and leaves it up, as keep-review does for reviews:
-- the audit tables' action lists are CHECKs, so they are rebuilt with the longer lists.
CREATE TABLE owner_audit_new (
  id TEXT PRIMARY KEY,
  providerId TEXT NOT NULL,
  action TEXT NOT NULL CHECK (action IN (
    'claim', 'revoke-claim', 'assign', 'edit', 'reply', 'edit-reply', 'delete-reply', 'hide-reply', 'restore-reply', 'keep-reply'
  )),
  targetId TEXT,
  actor TEXT NOT NULL,
  reason TEXT,
  before TEXT,
  after TEXT,
  createdAt TEXT NOT NULL
);
INSERT INTO owner_audit_new SELECT id, providerId, action, targetId, actor, reason, before, after, createdAt FROM owner_audit;
DROP TABLE owner_audit;
ALTER TABLE owner_audit_new RENAME TO owner_audit;
CREATE INDEX owner_audit_provider ON owner_audit (providerId, createdAt);

CREATE TABLE photo_moderation_actions_new (
  id TEXT PRIMARY KEY,
  action TEXT NOT NULL CHECK (action IN ('hide-photo', 'restore-photo', 'keep-photo')),
  photoId TEXT NOT NULL,
  reason TEXT NOT NULL,
  actor TEXT NOT NULL,
  createdAt TEXT NOT NULL
);
INSERT INTO photo_moderation_actions_new SELECT id, action, photoId, reason, actor, createdAt FROM photo_moderation_actions;
DROP TABLE photo_moderation_actions;
ALTER TABLE photo_moderation_actions_new RENAME TO photo_moderation_actions;
CREATE INDEX photo_moderation_actions_photo ON photo_moderation_actions (photoId, createdAt);

-- The audit view reads every table newest first.
CREATE INDEX moderation_actions_created ON moderation_actions (createdAt);
CREATE INDEX photo_moderation_actions_created ON photo_moderation_actions (createdAt);
CREATE INDEX owner_audit_created ON owner_audit (createdAt);
CREATE INDEX operator_grants_created ON operator_grants (createdAt);
-- The recent-photos queue, newest first.
CREATE INDEX photos_created ON photos (createdAt);
-- The queue of hidden things (everything hidden can be restored), newest first, and claims by date.
CREATE INDEX reviews_hidden ON reviews (createdAt) WHERE status = 'hidden';
CREATE INDEX review_replies_hidden ON review_replies (createdAt) WHERE status = 'hidden';
CREATE INDEX photos_hidden ON photos (createdAt) WHERE status = 'hidden';
CREATE INDEX listing_owners_claimed ON listing_owners (claimedAt);
