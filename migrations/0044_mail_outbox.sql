-- The mail outbox (docs/mail.md): a message that matters is a row written in the same transaction
-- as the change it reports, then sent by a worker (functions/mail-outbox.mts, and a timer under
-- `npm start`) with retries and backoff, so a mail server that is down delays mail but loses none.
CREATE TABLE mail_outbox (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,             -- what the message is ('request-new', 'insights-monthly', ...): logs, tests, pruning
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  html TEXT NOT NULL,
  attachments TEXT,               -- JSON [{ filename, contentType, content }] or NULL
  dedupeKey TEXT UNIQUE,          -- a message that must go at most once (a reminder); NULL otherwise
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  nextAttemptAt TEXT NOT NULL,    -- ISO time the worker may try it next
  lockedUntil TEXT,               -- a worker holds it until then (a crashed worker's claim lapses)
  lastError TEXT,
  createdAt TEXT NOT NULL,
  sentAt TEXT
);
CREATE INDEX mail_outbox_due ON mail_outbox (status, nextAttemptAt);
