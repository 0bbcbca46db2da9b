-- POST rate limits per client, shared by every function instance. The client address is stored
-- only as a salted hash, and rows are deleted once their window is over (well within a day).
CREATE TABLE rate_limits (
  bucket TEXT NOT NULL,          -- "<action>:<hash of client address>"
  windowStart INTEGER NOT NULL,  -- unix seconds at the start of the window
  hits INTEGER NOT NULL,
  PRIMARY KEY (bucket, windowStart)
) WITHOUT ROWID;
CREATE INDEX rate_limits_window ON rate_limits (windowStart);
