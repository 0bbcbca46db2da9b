-- Where a listing came from (docs/imports.md "Mapping"): NULL for a listing made on Glow (the form,
-- the seed), or the import that made it ('overture', src/features/imports/rules.ts IMPORT_SOURCE).
-- Every page and card reads it with the row (`p.*`, no other read): a listing without hours says
-- what its source means (src/features/providers/unknownFields.ts HOURS_UNKNOWN_LABELS), "Hours not
-- confirmed" for open data, "Hours not provided" for a business that listed itself without them.
-- A listing an import only matched or linked keeps NULL: the business listed it here.
ALTER TABLE providers ADD COLUMN source TEXT;

-- The listings imports made before: each is an import record 'new' (a held place listed as new is one too).
UPDATE providers SET source = 'overture' WHERE id IN (SELECT providerId FROM import_records WHERE outcome = 'new');
