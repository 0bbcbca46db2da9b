-- Providers and their reviews. Column names are the API's field names, so rows map 1:1 to JSON.
CREATE TABLE providers (
  seq INTEGER PRIMARY KEY,              -- integer key for the FTS index (content_rowid)
  id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  slug TEXT NOT NULL UNIQUE,
  description TEXT,
  address TEXT NOT NULL,
  city TEXT NOT NULL COLLATE NOCASE,
  state TEXT NOT NULL,
  zipCode TEXT NOT NULL,
  phone TEXT,
  email TEXT,
  website TEXT,
  services TEXT NOT NULL DEFAULT '[]',  -- JSON-encoded array of names
  isPromoted INTEGER NOT NULL DEFAULT 0 CHECK (isPromoted IN (0, 1)),
  isOpen INTEGER NOT NULL DEFAULT 1 CHECK (isOpen IN (0, 1)),
  priceRange TEXT NOT NULL DEFAULT '$$' CHECK (priceRange IN ('$', '$$', '$$$', '$$$$')),
  openingHours TEXT NOT NULL,           -- JSON-encoded object monday..sunday
  imageUrl TEXT,
  rating REAL NOT NULL DEFAULT 0,       -- mean of reviews, one decimal; kept with reviewCount in one transaction
  reviewCount INTEGER NOT NULL DEFAULT 0,
  createdAt TEXT NOT NULL
);

-- The result order of every list: promoted first, then rating, review count, name.
CREATE INDEX providers_order ON providers (isPromoted DESC, rating DESC, reviewCount DESC, name, seq);
-- One index per search filter.
CREATE INDEX providers_city ON providers (city COLLATE NOCASE, state);
CREATE INDEX providers_state ON providers (state);
CREATE INDEX providers_zip ON providers (zipCode);
CREATE INDEX providers_price ON providers (priceRange);
CREATE INDEX providers_rating ON providers (rating);

-- Categories of each provider's services (content/services.json), written with the provider.
CREATE TABLE provider_categories (
  category TEXT NOT NULL,
  providerSeq INTEGER NOT NULL REFERENCES providers (seq) ON DELETE CASCADE,
  PRIMARY KEY (category, providerSeq)
) WITHOUT ROWID;
CREATE INDEX provider_categories_provider ON provider_categories (providerSeq);

CREATE TABLE reviews (
  id TEXT PRIMARY KEY,
  providerId TEXT NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  customerName TEXT NOT NULL,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment TEXT,
  createdAt TEXT NOT NULL
);
CREATE INDEX reviews_provider ON reviews (providerId, createdAt DESC);
