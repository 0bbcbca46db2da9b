-- Hardening (docs/security.md, docs/moderation.md): new listings wait to be vetted before they
-- shape what everyone sees, copies of existing listings wait for a moderator, and reviews and
-- reports are limited per address.

-- A listing is vetted once its owner confirmed the emailed code or a moderator approved it
-- (src/features/listings/). NULL: new, not yet vetted. Every listing already here is vetted.
ALTER TABLE providers ADD COLUMN vetted_at TEXT;
ALTER TABLE providers ADD COLUMN vetted_by TEXT;
UPDATE providers SET vetted_at = createdAt, vetted_by = 'existing';
CREATE INDEX providers_unvetted ON providers (seq) WHERE vetted_at IS NULL;

-- City counts (the home page's cities, the pre-built city pages) count vetted listings only, so a
-- made-up city in a new listing makes no page.
DROP TRIGGER city_counts_insert;
DROP TRIGGER city_counts_delete;
DROP TRIGGER city_counts_update;
CREATE TRIGGER city_counts_insert AFTER INSERT ON providers WHEN new.isHidden = 0 AND new.vetted_at IS NOT NULL BEGIN
  INSERT INTO city_counts (city, state, n) VALUES (new.city, new.state, 1)
  ON CONFLICT (city, state) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER city_counts_delete AFTER DELETE ON providers WHEN old.isHidden = 0 AND old.vetted_at IS NOT NULL BEGIN
  UPDATE city_counts SET n = n - 1 WHERE city = old.city AND state = old.state;
END;
CREATE TRIGGER city_counts_update AFTER UPDATE OF city, state, isHidden, vetted_at ON providers BEGIN
  UPDATE city_counts SET n = n - 1 WHERE old.isHidden = 0 AND old.vetted_at IS NOT NULL AND city = old.city AND state = old.state;
  INSERT INTO city_counts (city, state, n) SELECT new.city, new.state, 1 WHERE new.isHidden = 0 AND new.vetted_at IS NOT NULL
  ON CONFLICT (city, state) DO UPDATE SET n = n + 1;
END;

-- A new listing whose name and city (or phone) match an existing listing: held here for a
-- moderator (`npm run moderate -- list`), with no slug and no page, until approved or rejected.
CREATE TABLE held_listings (
  id TEXT PRIMARY KEY,
  payload TEXT NOT NULL,              -- the validated POST /api/providers body, JSON
  name TEXT NOT NULL,
  city TEXT NOT NULL,
  state TEXT NOT NULL,
  matchedProviderId TEXT NOT NULL,    -- the listing it looks like
  matchedOn TEXT NOT NULL,            -- 'name and city' or 'name and phone'
  createdAt TEXT NOT NULL,
  resolvedAt TEXT,
  resolution TEXT CHECK (resolution IN ('approved', 'rejected')),
  providerId TEXT                     -- the listing an approval created
);
CREATE INDEX held_listings_open ON held_listings (resolvedAt, createdAt DESC);

-- Duplicate listings are looked up by comparison form (src/lib/schemas/storedText.ts) of the name.
ALTER TABLE providers ADD COLUMN nameKey TEXT;
CREATE INDEX providers_name_key ON providers (nameKey);

-- Reviews remember a hash of the address they came from (src/lib/rateLimit.server.ts clientKey;
-- IPv6 by its /64) for the per-provider daily limit, and the comparison form of name and text for
-- the duplicate check. Reports likewise: one report of a review per address.
ALTER TABLE reviews ADD COLUMN clientKey TEXT;
ALTER TABLE reviews ADD COLUMN dedupeKey TEXT;
CREATE INDEX reviews_provider_client ON reviews (providerId, clientKey, createdAt) WHERE clientKey IS NOT NULL;
CREATE INDEX reviews_provider_dedupe ON reviews (providerId, dedupeKey, createdAt) WHERE dedupeKey IS NOT NULL;
ALTER TABLE review_reports ADD COLUMN clientKey TEXT;
CREATE UNIQUE INDEX review_reports_one_per_client ON review_reports (reviewId, clientKey) WHERE clientKey IS NOT NULL;

-- Moderation gains approving new listings and deciding held ones: the action list is a CHECK, so
-- the table is rebuilt with the longer list.
CREATE TABLE moderation_actions_new (
  id TEXT PRIMARY KEY,
  action TEXT NOT NULL CHECK (action IN ('hide-review', 'restore-review', 'keep-review', 'hide-listing', 'restore-listing', 'approve-listing', 'approve-held', 'reject-held')),
  targetId TEXT NOT NULL,       -- review id, provider id for listings, held listing id for held ones
  reason TEXT NOT NULL,
  actor TEXT NOT NULL,
  createdAt TEXT NOT NULL
);
INSERT INTO moderation_actions_new SELECT id, action, targetId, reason, actor, createdAt FROM moderation_actions;
DROP TABLE moderation_actions;
ALTER TABLE moderation_actions_new RENAME TO moderation_actions;
CREATE INDEX moderation_actions_target ON moderation_actions (targetId, createdAt);
