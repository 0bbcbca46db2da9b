-- Moderation (docs/moderation.md): reviews and listings can be hidden by an operator, never by a
-- report alone; hidden rows stay in the database so that an action can be undone.
ALTER TABLE reviews ADD COLUMN status TEXT NOT NULL DEFAULT 'published' CHECK (status IN ('published', 'hidden'));
ALTER TABLE providers ADD COLUMN isHidden INTEGER NOT NULL DEFAULT 0 CHECK (isHidden IN (0, 1));
-- Hidden listings are few: search subtracts them from the counts of its full-text and category
-- indexes, which cannot see the flag (src/features/search/search.server.ts).
CREATE INDEX providers_hidden ON providers (seq) WHERE isHidden = 1;

-- A provider page lists published reviews newest first, or by rating; the summary counts them.
DROP INDEX reviews_provider;
CREATE INDEX reviews_provider_published ON reviews (providerId, status, createdAt DESC);
CREATE INDEX reviews_provider_rating ON reviews (providerId, status, rating, createdAt DESC);

-- Reports from visitors: a queue for people to look at. A report changes nothing by itself.
CREATE TABLE review_reports (
  id TEXT PRIMARY KEY,
  reviewId TEXT NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
  reason TEXT NOT NULL CHECK (reason IN ('spam', 'offensive', 'conflict_of_interest', 'not_a_real_experience', 'other')),
  details TEXT,
  createdAt TEXT NOT NULL,
  resolvedAt TEXT               -- set when an operator acts on the review (hides, restores or keeps it)
);
CREATE INDEX review_reports_open ON review_reports (resolvedAt, createdAt DESC);
CREATE INDEX review_reports_review ON review_reports (reviewId);

-- Every moderation action: what, on which review or listing, who, when and why.
CREATE TABLE moderation_actions (
  id TEXT PRIMARY KEY,
  action TEXT NOT NULL CHECK (action IN ('hide-review', 'restore-review', 'keep-review', 'hide-listing', 'restore-listing')),
  targetId TEXT NOT NULL,       -- review id, or provider id for listings
  reason TEXT NOT NULL,
  actor TEXT NOT NULL,
  createdAt TEXT NOT NULL
);
CREATE INDEX moderation_actions_target ON moderation_actions (targetId, createdAt);
