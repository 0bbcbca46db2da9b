-- Photos of a listing (docs/photos.md): the bytes live in Netlify Blobs under `key` (a content hash
-- of the cleaned image), the row says what belongs to the listing. A listing has at most one cover.
CREATE TABLE photos (
  id TEXT PRIMARY KEY,
  providerId TEXT NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  width INTEGER NOT NULL CHECK (width > 0),
  height INTEGER NOT NULL CHECK (height > 0),
  alt TEXT NOT NULL,
  category TEXT NOT NULL CHECK (category IN ('interior', 'work', 'team', 'price_list')),
  position INTEGER NOT NULL,
  isCover INTEGER NOT NULL DEFAULT 0 CHECK (isCover IN (0, 1)),
  status TEXT NOT NULL DEFAULT 'visible' CHECK (status IN ('visible', 'hidden')),
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);
-- One row per picture and listing: the same bytes uploaded twice are recognised by their key.
CREATE UNIQUE INDEX photos_provider_key ON photos (providerId, key);
CREATE INDEX photos_provider_order ON photos (providerId, status, position);
CREATE UNIQUE INDEX photos_one_cover ON photos (providerId) WHERE isCover = 1;
CREATE INDEX photos_key ON photos (key);

-- The key of the picture cards and the page lead with, copied onto its provider so cards and search
-- read it with the row they already read (no join on the search paths): the visible cover, else the
-- first visible photo, else NULL (the generated picture). Kept by these triggers only.
ALTER TABLE providers ADD COLUMN coverKey TEXT;

CREATE TRIGGER photos_cover_insert AFTER INSERT ON photos BEGIN
  UPDATE providers SET coverKey = (SELECT key FROM photos WHERE providerId = new.providerId AND status = 'visible' ORDER BY isCover DESC, position LIMIT 1) WHERE id = new.providerId;
END;
CREATE TRIGGER photos_cover_update AFTER UPDATE OF isCover, status, position, key ON photos BEGIN
  UPDATE providers SET coverKey = (SELECT key FROM photos WHERE providerId = new.providerId AND status = 'visible' ORDER BY isCover DESC, position LIMIT 1) WHERE id = new.providerId;
END;
CREATE TRIGGER photos_cover_delete AFTER DELETE ON photos BEGIN
  UPDATE providers SET coverKey = (SELECT key FROM photos WHERE providerId = old.providerId AND status = 'visible' ORDER BY isCover DESC, position LIMIT 1) WHERE id = old.providerId;
END;

-- Reports of photos from visitors, like review reports: a queue for a person, never a hide by itself.
CREATE TABLE photo_reports (
  id TEXT PRIMARY KEY,
  photoId TEXT NOT NULL REFERENCES photos (id) ON DELETE CASCADE,
  reason TEXT NOT NULL CHECK (reason IN ('spam', 'offensive', 'conflict_of_interest', 'not_a_real_experience', 'other')),
  details TEXT,
  createdAt TEXT NOT NULL,
  resolvedAt TEXT
);
CREATE INDEX photo_reports_open ON photo_reports (resolvedAt, createdAt DESC);
CREATE INDEX photo_reports_photo ON photo_reports (photoId);

-- Operators' actions on photos (`npm run moderate -- hide-photo …`), with who, when and why.
CREATE TABLE photo_moderation_actions (
  id TEXT PRIMARY KEY,
  action TEXT NOT NULL CHECK (action IN ('hide-photo', 'restore-photo')),
  photoId TEXT NOT NULL,
  reason TEXT NOT NULL,
  actor TEXT NOT NULL,
  createdAt TEXT NOT NULL
);
CREATE INDEX photo_moderation_actions_photo ON photo_moderation_actions (photoId, createdAt);
