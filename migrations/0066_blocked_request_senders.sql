-- Senders an operator blocked after a business reported their time request as spam (the console's
-- "Requests reported as spam" queue, docs/requests.md "Spam"). Only the SHA-256 of the address is
-- kept, so the list names no one, yet a blocked address is refused on every listing.
CREATE TABLE blocked_request_senders (
  emailHash TEXT PRIMARY KEY,
  requestId TEXT NOT NULL,          -- the reported request that led to the block
  reason TEXT NOT NULL,
  actor TEXT NOT NULL,
  createdAt TEXT NOT NULL
) WITHOUT ROWID;
