-- Time requests (docs/requests.md): a shopper asks a claimed listing for a time, the business
-- answers by single-use email links or in /business. Personal data (name, email, phone, note) is
-- deleted 90 days after the request's last date; the rest carries none.

-- Per listing: whether it takes requests, its "Book online" link (https only) and cancellation
-- policy (<= 300), and its reply-time figures (kept current by each first answer and the hourly job,
-- so the provider page reads one row).
CREATE TABLE request_settings (
  providerId TEXT PRIMARY KEY REFERENCES providers(id) ON DELETE CASCADE,
  takesRequests INTEGER NOT NULL DEFAULT 0 CHECK (takesRequests IN (0, 1)),
  bookingUrl TEXT CHECK (bookingUrl IS NULL OR bookingUrl LIKE 'https://%'),
  cancellationPolicy TEXT CHECK (cancellationPolicy IS NULL OR length(cancellationPolicy) <= 300),
  replyMedianHours REAL,          -- NULL under 3 requests in the last 90 days
  replyRate REAL,
  replyRequests INTEGER NOT NULL DEFAULT 0,
  updatedAt TEXT NOT NULL
);

-- Listings claimed before requests existed do not take them until their owner turns them on...
INSERT OR IGNORE INTO request_settings (providerId, takesRequests, updatedAt)
SELECT providerId, 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM listing_owners;

-- ...while a new claim takes them from the start (issue 40 item 1).
CREATE TRIGGER request_settings_on_claim AFTER INSERT ON listing_owners BEGIN
  INSERT OR IGNORE INTO request_settings (providerId, takesRequests, updatedAt)
  VALUES (NEW.providerId, 1, NEW.claimedAt);
END;

CREATE TABLE requests (
  id TEXT PRIMARY KEY,
  providerId TEXT NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  service TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'requested'
    CHECK (state IN ('requested', 'accepted', 'proposed', 'declined', 'expired', 'cancelled')),
  -- The shopper's details: NULL once deleted (personalDeletedAt).
  name TEXT,
  email TEXT,
  phone TEXT,
  note TEXT,
  acceptedStart TEXT,             -- UTC ISO instant of the confirmed time
  proposedStart TEXT,             -- UTC ISO instant of the owner's proposal
  declineReason TEXT,
  cancelledBy TEXT CHECK (cancelledBy IS NULL OR cancelledBy IN ('shopper', 'owner')),
  cancelledAt TEXT,
  firstAnsweredAt TEXT,           -- the business's first answer (accept, propose, decline): reply time
  expiresAt TEXT NOT NULL,        -- when an unanswered request (or proposal) expires
  lastDate TEXT NOT NULL,         -- the latest local date the request names: retention counts from it
  sequence INTEGER NOT NULL DEFAULT 0, -- the calendar event's SEQUENCE
  reminderSentAt TEXT,
  spamReportedAt TEXT,            -- an owner reported it as spam: the operators' queue
  spamResolvedAt TEXT,
  personalDeletedAt TEXT,
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);
CREATE INDEX requests_provider ON requests (providerId, createdAt);
CREATE INDEX requests_open ON requests (state, expiresAt);
CREATE INDEX requests_accepted ON requests (state, acceptedStart) WHERE reminderSentAt IS NULL;
CREATE INDEX requests_retention ON requests (lastDate) WHERE personalDeletedAt IS NULL;
CREATE INDEX requests_spam ON requests (spamReportedAt) WHERE spamReportedAt IS NOT NULL AND spamResolvedAt IS NULL;

-- One to three preferred times, in the listing's own time zone, with the instants they span.
CREATE TABLE request_windows (
  requestId TEXT NOT NULL REFERENCES requests(id) ON DELETE CASCADE,
  idx INTEGER NOT NULL CHECK (idx BETWEEN 0 AND 2),
  date TEXT NOT NULL,             -- YYYY-MM-DD, listing-local
  part TEXT NOT NULL CHECK (part IN ('morning', 'afternoon', 'evening', 'exact')),
  time TEXT,                      -- HH:MM with 'exact'
  startsAt TEXT NOT NULL,         -- UTC ISO
  PRIMARY KEY (requestId, idx)
) WITHOUT ROWID;

-- Email links: only the SHA-256 of a random token is kept; single-use, 72 hours.
CREATE TABLE request_tokens (
  hash TEXT PRIMARY KEY,
  requestId TEXT NOT NULL REFERENCES requests(id) ON DELETE CASCADE,
  action TEXT NOT NULL,
  windowIndex INTEGER,
  expiresAt TEXT NOT NULL,
  usedAt TEXT,
  createdAt TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX request_tokens_request ON request_tokens (requestId);

-- Every change of a request: who, from which state to which, when.
CREATE TABLE request_audit (
  id TEXT PRIMARY KEY,
  requestId TEXT NOT NULL,
  providerId TEXT NOT NULL,
  action TEXT NOT NULL,
  fromState TEXT,
  toState TEXT,
  actor TEXT NOT NULL,            -- 'shopper', 'system', the owner's email, or 'owner-link'
  detail TEXT,                    -- JSON
  createdAt TEXT NOT NULL
);
CREATE INDEX request_audit_request ON request_audit (requestId, createdAt);
