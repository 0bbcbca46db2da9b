-- Trust (docs/owners.md "Which listings are vetted", docs/moderation.md "New listings").
--
-- Name keys become Unicode TS #39 skeletons (src/features/listings/lookalike.ts), so a copy whose
-- name differs only by lookalike letters ("Bishop Arts Nail Hоuse" with a Cyrillic о) shares its
-- key: every key is recomputed by the setup's backfill (backfillNameKeys), which fills the nulls.
UPDATE providers SET nameKey = NULL;

-- The services a vetted listing counts in the vocabulary of suggestions and spelling correction,
-- when not all of its services: NULL (almost every row) means all of them. An owner's new service
-- name that is neither in the catalogue nor approved waits outside it (service_requests) until an
-- operator approves it, and this column keeps what was counted, so counting out is always exact.
ALTER TABLE providers ADD COLUMN vocabServices TEXT;

-- Service names operators approved for the vocabulary (`npm run moderate -- approve-service`),
-- lower case, as search_terms keeps them.
CREATE TABLE approved_services (
  service TEXT PRIMARY KEY,
  approvedBy TEXT NOT NULL,
  approvedAt TEXT NOT NULL
) WITHOUT ROWID;

-- Owners' service names waiting for that approval: one row per listing and name.
CREATE TABLE service_requests (
  service TEXT NOT NULL,          -- lower case
  providerId TEXT NOT NULL,
  label TEXT NOT NULL,            -- as the owner wrote it
  createdAt TEXT NOT NULL,
  PRIMARY KEY (service, providerId)
) WITHOUT ROWID;
CREATE INDEX service_requests_provider ON service_requests (providerId);

-- Moderation gains holding a listing back to unvetted and approving a service name: the action
-- list is a CHECK, so the table is rebuilt with the longer list (as migrations/0015 did).
CREATE TABLE moderation_actions_new (
  id TEXT PRIMARY KEY,
  action TEXT NOT NULL CHECK (action IN ('hide-review', 'restore-review', 'keep-review', 'hide-listing', 'restore-listing', 'approve-listing', 'approve-held', 'reject-held', 'hold-listing', 'approve-service')),
  targetId TEXT NOT NULL,       -- review id, provider id for listings, held listing id for held ones, the service name
  reason TEXT NOT NULL,
  actor TEXT NOT NULL,
  createdAt TEXT NOT NULL
);
INSERT INTO moderation_actions_new SELECT id, action, targetId, reason, actor, createdAt FROM moderation_actions;
DROP TABLE moderation_actions;
ALTER TABLE moderation_actions_new RENAME TO moderation_actions;
CREATE INDEX moderation_actions_target ON moderation_actions (targetId, createdAt);
