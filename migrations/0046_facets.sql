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

-- Search reads its row conditions from provider_search (migrations/0034: every column a row
-- condition names is there), so the facets are copied there too, by its triggers.
ALTER TABLE provider_search ADD COLUMN facets INTEGER NOT NULL DEFAULT 0;
DROP TRIGGER provider_search_insert;
DROP TRIGGER provider_search_update;
CREATE TRIGGER provider_search_insert AFTER INSERT ON providers BEGIN
  INSERT OR REPLACE INTO provider_search (seq, id, name, city, state, zipCode, isPromoted, priceRange, rating, reviewCount, latitude, longitude, timeZone, facets)
  VALUES (new.seq, new.id, new.name, new.city, new.state, new.zipCode, new.isPromoted, new.priceRange, new.rating, new.reviewCount, new.latitude, new.longitude, new.timeZone, new.facets);
END;
CREATE TRIGGER provider_search_update AFTER UPDATE OF id, name, city, state, zipCode, isPromoted, priceRange, rating, reviewCount, latitude, longitude, timeZone, facets ON providers BEGIN
  UPDATE provider_search SET id = new.id, name = new.name, city = new.city, state = new.state, zipCode = new.zipCode,
    isPromoted = new.isPromoted, priceRange = new.priceRange, rating = new.rating, reviewCount = new.reviewCount,
    latitude = new.latitude, longitude = new.longitude, timeZone = new.timeZone, facets = new.facets
  WHERE seq = new.seq;
END;
