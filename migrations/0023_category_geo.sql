-- A service around a point (docs/search.md "Places"): category rows carry their provider's
-- coordinates, kept in step by the trigger below, so the nearest providers of a service and their
-- count are read from one index, point by point, without reading the providers of other services.
-- Before, a borough's nail salons were counted by reading every provider within 16 miles
-- (docs/BENCHMARKS.md "Places").
ALTER TABLE provider_categories ADD COLUMN latitude REAL;
ALTER TABLE provider_categories ADD COLUMN longitude REAL;
UPDATE provider_categories SET
  latitude = (SELECT p.latitude FROM providers p WHERE p.seq = provider_categories.providerSeq),
  longitude = (SELECT p.longitude FROM providers p WHERE p.seq = provider_categories.providerSeq);
CREATE INDEX provider_categories_geo ON provider_categories (category, latitude, longitude);

CREATE TRIGGER provider_categories_geo AFTER UPDATE OF latitude, longitude ON providers BEGIN
  UPDATE provider_categories SET latitude = new.latitude, longitude = new.longitude WHERE providerSeq = new.seq;
END;
