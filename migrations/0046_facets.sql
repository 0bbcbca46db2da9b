-- Facets (docs/facets.md): what a listing says about walk-ins, access, languages, payment, kids,
-- parking and, set only by its verified owner, identity labels. One integer of bits per provider,
-- each bit a row of src/features/facets/facets.ts (0 = nothing said, shown as nothing).
ALTER TABLE providers ADD COLUMN facets INTEGER NOT NULL DEFAULT 0;

-- Each provider's set bits, one row each, kept by triggers: a search whose facets few providers
-- hold lists them from here and checks each, rather than walk an order for them
-- (src/features/search/filters.server.ts, the facets' `listedBy`).
CREATE TABLE provider_facets (
  bit INTEGER NOT NULL,
  providerSeq INTEGER NOT NULL,
  PRIMARY KEY (bit, providerSeq)
) WITHOUT ROWID;

CREATE TRIGGER provider_facets_insert AFTER INSERT ON providers WHEN NEW.facets <> 0 BEGIN
  INSERT INTO provider_facets (bit, providerSeq)
  SELECT value, NEW.seq FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31]')
  WHERE NEW.facets & (1 << value);
END;

CREATE TRIGGER provider_facets_update AFTER UPDATE OF facets ON providers WHEN NEW.facets <> OLD.facets BEGIN
  DELETE FROM provider_facets WHERE providerSeq = OLD.seq;
  INSERT INTO provider_facets (bit, providerSeq)
  SELECT value, NEW.seq FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31]')
  WHERE NEW.facets & (1 << value);
END;

CREATE TRIGGER provider_facets_delete AFTER DELETE ON providers WHEN OLD.facets <> 0 BEGIN
  DELETE FROM provider_facets WHERE providerSeq = OLD.seq;
END;
