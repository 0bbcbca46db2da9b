-- A provider's facet rows (migrations/0046) were deleted by `providerSeq` alone, which the table's
-- key (bit, providerSeq) cannot find: every change of a provider's facets read the whole table, rows
-- of every provider (a few million at 1,000,000 providers), so an owner's facet save grew with the
-- directory and the benchmark generator's facets never finished at 100,000. Deleted by the bits the
-- old value held instead: one key lookup each.
DROP TRIGGER provider_facets_update;
CREATE TRIGGER provider_facets_update AFTER UPDATE OF facets ON providers WHEN NEW.facets <> OLD.facets BEGIN
  DELETE FROM provider_facets WHERE providerSeq = OLD.seq AND bit IN (
    SELECT value FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31]')
    WHERE OLD.facets & (1 << value)
  );
  INSERT INTO provider_facets (bit, providerSeq)
  SELECT value, NEW.seq FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31]')
  WHERE NEW.facets & (1 << value);
END;

DROP TRIGGER provider_facets_delete;
CREATE TRIGGER provider_facets_delete AFTER DELETE ON providers WHEN OLD.facets <> 0 BEGIN
  DELETE FROM provider_facets WHERE providerSeq = OLD.seq AND bit IN (
    SELECT value FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31]')
    WHERE OLD.facets & (1 << value)
  );
END;
