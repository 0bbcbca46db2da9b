-- Search that finds what people mean (docs/search.md).
-- Where each provider is (from its ZIP area; filled by the code that writes providers, and for older
-- rows by the setup's backfill) and the IANA zone its hours are read in. A bounding box on the
-- indexed coordinates prefilters `near` before the exact distance.
ALTER TABLE providers ADD COLUMN latitude REAL;
ALTER TABLE providers ADD COLUMN longitude REAL;
ALTER TABLE providers ADD COLUMN timeZone TEXT;
CREATE INDEX providers_geo ON providers (latitude, longitude);

-- The orders of `sort=rating` and `sort=reviews`, read from an index like the default order.
CREATE INDEX providers_rating_order ON providers (rating DESC, reviewCount DESC, name, seq);
CREATE INDEX providers_reviews_order ON providers (reviewCount DESC, rating DESC, name, seq);

-- Opening hours as [open, close) minutes of the provider's local week (Monday 00:00 = 0), ranges
-- past Sunday midnight split at the week's end: "open now" is one indexed lookup per provider.
CREATE TABLE provider_hours (
  providerSeq INTEGER NOT NULL REFERENCES providers (seq) ON DELETE CASCADE,
  openMinute INTEGER NOT NULL,
  closeMinute INTEGER NOT NULL,
  PRIMARY KEY (providerSeq, openMinute, closeMinute)
) WITHOUT ROWID;

-- The words of the data, for spelling correction and suggestions: `word` (name, description,
-- services and city words), `service` (whole service names), `city` (label "City, ST"), each with
-- the number of providers that have it. Candidates are read by kind, length band and first letter.
CREATE TABLE search_terms (
  kind TEXT NOT NULL CHECK (kind IN ('word', 'service', 'city')),
  term TEXT NOT NULL,
  label TEXT NOT NULL,
  n INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (kind, term, label)
) WITHOUT ROWID;
CREATE INDEX search_terms_band ON search_terms (kind, length(term), term);
