-- Open data imports (docs/imports.md): Overture Maps places read by `npm run import`.
--
-- One row per `--apply` run of the importer over a file. A dry run writes nothing: its report is
-- printed (and written as JSON with --report), and no run records the status dry_run. `--apply` moves
-- a batch through applying → applied, then an operator approves (its new listings vetted) or rolls it
-- back (its new listings hidden, its updates reverted).
CREATE TABLE import_batches (
  id TEXT PRIMARY KEY,
  file TEXT NOT NULL,                   -- the file's name as given, for the operator
  fileHash TEXT NOT NULL,               -- sha256 of its bytes: a resumed run must read the same file
  release TEXT,                         -- Overture release (e.g. 2025-09-24.0), from --release or the file's name
  status TEXT NOT NULL CHECK (status IN ('dry_run', 'applying', 'applied', 'approved', 'rolled_back')),
  counts TEXT NOT NULL DEFAULT '{}',    -- JSON: outcome → count, reason → count
  rowsDone INTEGER NOT NULL DEFAULT 0,  -- records of the file decided so far (resume starts after them)
  options TEXT NOT NULL DEFAULT '{}',   -- JSON: minimum confidence and the other flags it ran with
  createdBy TEXT NOT NULL,
  createdAt TEXT NOT NULL,
  finishedAt TEXT,
  decidedBy TEXT,                       -- who approved or rolled it back
  decidedAt TEXT
);

-- What an applied batch did with each record it wrote or held: a resumed run skips the ones here,
-- and a rollback reverts them. `before` is the provider's fields the record changed, as they were.
CREATE TABLE import_records (
  batchId TEXT NOT NULL REFERENCES import_batches (id),
  overtureId TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('new', 'updated', 'closed', 'matched', 'held')),
  providerId TEXT,
  before TEXT,
  PRIMARY KEY (batchId, overtureId)
) WITHOUT ROWID;
CREATE INDEX import_records_provider ON import_records (providerId);

-- Where a listing came from: its Overture id, the sources Overture names for it (dataset, licence,
-- record id) and the batch that last wrote it. One row per imported listing.
CREATE TABLE provider_sources (
  providerId TEXT PRIMARY KEY REFERENCES providers (id) ON DELETE CASCADE,
  overtureId TEXT NOT NULL UNIQUE,
  sources TEXT NOT NULL,                -- JSON list of { dataset, license, recordId }
  release TEXT,
  batchId TEXT NOT NULL
) WITHOUT ROWID;

-- Provenance per field: the value an import wrote into a listing's field. A later import may change
-- the field only while the listing still holds exactly this value, i.e. nobody (owner, operator)
-- has changed it since; an owner's edit simply leaves the two different.
CREATE TABLE provider_field_sources (
  providerId TEXT NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  field TEXT NOT NULL,
  value TEXT,
  batchId TEXT NOT NULL,
  PRIMARY KEY (providerId, field)
) WITHOUT ROWID;

-- Records whose match to an existing listing is unclear wait here for an operator.
CREATE TABLE import_holds (
  id TEXT PRIMARY KEY,
  batchId TEXT NOT NULL REFERENCES import_batches (id),
  overtureId TEXT NOT NULL,
  candidateProviderId TEXT NOT NULL,
  reason TEXT NOT NULL,
  payload TEXT NOT NULL,                -- the mapped listing, JSON
  createdAt TEXT NOT NULL,
  resolvedAt TEXT,
  resolution TEXT CHECK (resolution IN ('same', 'different'))
);
CREATE UNIQUE INDEX import_holds_open ON import_holds (overtureId) WHERE resolvedAt IS NULL;

-- Matching by phone (src/features/imports/matchPlace.ts): a place whose name differs from the
-- listing's but whose phone is the same is held for an operator. Phones are stored in one format
-- ("(212) 555-0142", src/features/providers/phone.ts), so equal numbers are equal text.
CREATE INDEX providers_phone ON providers (phone) WHERE phone IS NOT NULL;
