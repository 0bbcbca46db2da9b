-- Open now without an hours lookup per row (docs/search.md "Bounded cost"). Each provider row
-- carries the hours of its local week (Monday 00:00 = hour 0) during which it is open throughout, as
-- bits, 42 hours a column (openWeek0 hours 0-41, openWeek1 42-83, openWeek2 84-125, openWeek3 126-167:
-- a JavaScript number holds 53 bits). openPartly is 1 when a bit clear does not say closed: a range
-- opens or closes inside an hour (9:30), or two ranges overlap (their hours are then not summed into
-- the bits, which are left clear). Open now reads the bit of the hour it is in the provider's zone,
-- and only where it is clear and openPartly is set looks up the hours rows. The order, place and
-- coordinate indexes carry the five columns, so a walk along one checks open now in its entries:
-- deep in an order at night each entry was a seek into the hours rows, a thousand open found among
-- tens of thousands checked. provider_search copies them. Kept by triggers on the hours rows (their
-- one writer, providers/copies.server.ts, and an owner's edit delete and insert them).

-- Each hours range's full hours in each column, and whether it leaves a bit short of the truth.
CREATE VIEW provider_hours_week AS
SELECT h.providerSeq,
  CASE WHEN min(h.closeMinute / 60, 42) > (h.openMinute + 59) / 60
    THEN ((1 << (min(h.closeMinute / 60, 42) - (h.openMinute + 59) / 60)) - 1) << ((h.openMinute + 59) / 60) ELSE 0 END AS week0,
  CASE WHEN min(h.closeMinute / 60, 84) > max((h.openMinute + 59) / 60, 42)
    THEN ((1 << (min(h.closeMinute / 60, 84) - max((h.openMinute + 59) / 60, 42))) - 1) << (max((h.openMinute + 59) / 60, 42) - 42) ELSE 0 END AS week1,
  CASE WHEN min(h.closeMinute / 60, 126) > max((h.openMinute + 59) / 60, 84)
    THEN ((1 << (min(h.closeMinute / 60, 126) - max((h.openMinute + 59) / 60, 84))) - 1) << (max((h.openMinute + 59) / 60, 84) - 84) ELSE 0 END AS week2,
  CASE WHEN min(h.closeMinute / 60, 168) > max((h.openMinute + 59) / 60, 126)
    THEN ((1 << (min(h.closeMinute / 60, 168) - max((h.openMinute + 59) / 60, 126))) - 1) << (max((h.openMinute + 59) / 60, 126) - 126) ELSE 0 END AS week3,
  EXISTS (SELECT 1 FROM provider_hours o WHERE o.providerSeq = h.providerSeq AND o.openMinute <= h.openMinute AND o.closeMinute > h.openMinute
    AND NOT (o.openMinute = h.openMinute AND o.closeMinute = h.closeMinute)) AS overlaps,
  (h.openMinute % 60 <> 0 OR h.closeMinute % 60 <> 0) AS partly
FROM provider_hours h;

-- A provider's bits: its ranges' full hours summed (disjoint ranges' hours are disjoint), none when two overlap.
CREATE VIEW provider_open_weeks AS
SELECT providerSeq,
  CASE WHEN max(overlaps) THEN 0 ELSE sum(week0) END AS openWeek0,
  CASE WHEN max(overlaps) THEN 0 ELSE sum(week1) END AS openWeek1,
  CASE WHEN max(overlaps) THEN 0 ELSE sum(week2) END AS openWeek2,
  CASE WHEN max(overlaps) THEN 0 ELSE sum(week3) END AS openWeek3,
  max(overlaps OR partly) AS openPartly
FROM provider_hours_week GROUP BY providerSeq;

ALTER TABLE providers ADD COLUMN openWeek0 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE providers ADD COLUMN openWeek1 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE providers ADD COLUMN openWeek2 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE providers ADD COLUMN openWeek3 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE providers ADD COLUMN openPartly INTEGER NOT NULL DEFAULT 0;
ALTER TABLE provider_search ADD COLUMN openWeek0 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE provider_search ADD COLUMN openWeek1 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE provider_search ADD COLUMN openWeek2 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE provider_search ADD COLUMN openWeek3 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE provider_search ADD COLUMN openPartly INTEGER NOT NULL DEFAULT 0;

-- The indexes are built again after the rows are written, each in one sort.
DROP INDEX providers_order;
DROP INDEX providers_rating_order;
DROP INDEX providers_reviews_order;
DROP INDEX providers_geo;
DROP INDEX providers_price_order;
DROP INDEX providers_state_order;
DROP INDEX providers_city_order;
DROP INDEX providers_city_price_order;
DROP INDEX providers_city_state_order;
DROP INDEX providers_zip;

UPDATE providers SET openWeek0 = w.openWeek0, openWeek1 = w.openWeek1, openWeek2 = w.openWeek2, openWeek3 = w.openWeek3, openPartly = w.openPartly
  FROM provider_open_weeks w WHERE w.providerSeq = providers.seq;
UPDATE provider_search SET openWeek0 = p.openWeek0, openWeek1 = p.openWeek1, openWeek2 = p.openWeek2, openWeek3 = p.openWeek3, openPartly = p.openPartly
  FROM providers p WHERE p.seq = provider_search.seq AND (p.openWeek0 <> 0 OR p.openWeek1 <> 0 OR p.openWeek2 <> 0 OR p.openWeek3 <> 0 OR p.openPartly <> 0);

CREATE INDEX providers_order ON providers (isPromoted DESC, rating DESC, reviewCount DESC, name, seq, priceRange, city, state, zipCode, facets, latitude, longitude, timeZone, openWeek0, openWeek1, openWeek2, openWeek3, openPartly);
CREATE INDEX providers_rating_order ON providers (rating DESC, reviewCount DESC, name, seq, priceRange, city, state, zipCode, facets, latitude, longitude, timeZone, openWeek0, openWeek1, openWeek2, openWeek3, openPartly);
CREATE INDEX providers_reviews_order ON providers (reviewCount DESC, rating DESC, name, seq, priceRange, city, state, zipCode, facets, latitude, longitude, timeZone, openWeek0, openWeek1, openWeek2, openWeek3, openPartly);
CREATE INDEX providers_geo ON providers (latitude, longitude, seq, priceRange, rating, city, state, zipCode, isPromoted, reviewCount, name, timeZone, facets, openWeek0, openWeek1, openWeek2, openWeek3, openPartly);
CREATE INDEX providers_price_order ON providers (priceRange, isPromoted DESC, rating DESC, reviewCount DESC, name, seq, city, state, zipCode, facets, latitude, longitude, timeZone, openWeek0, openWeek1, openWeek2, openWeek3, openPartly);
CREATE INDEX providers_state_order ON providers (state, isPromoted DESC, rating DESC, reviewCount DESC, name, seq, priceRange, timeZone, city, zipCode, facets, latitude, longitude, openWeek0, openWeek1, openWeek2, openWeek3, openPartly);
CREATE INDEX providers_city_order ON providers (city COLLATE NOCASE, isPromoted DESC, rating DESC, reviewCount DESC, name, seq, priceRange, state, zipCode, facets, latitude, longitude, timeZone, openWeek0, openWeek1, openWeek2, openWeek3, openPartly);
CREATE INDEX providers_city_price_order ON providers (city COLLATE NOCASE, priceRange, isPromoted DESC, rating DESC, reviewCount DESC, name, seq, state, zipCode, facets, latitude, longitude, timeZone, openWeek0, openWeek1, openWeek2, openWeek3, openPartly);
CREATE INDEX providers_city_state_order ON providers (city COLLATE NOCASE, state, isPromoted DESC, rating DESC, reviewCount DESC, name, seq, priceRange, zipCode, facets, latitude, longitude, timeZone, openWeek0, openWeek1, openWeek2, openWeek3, openPartly);
CREATE INDEX providers_zip ON providers (zipCode, priceRange, rating, city, state, isPromoted, reviewCount, name, timeZone, facets, latitude, longitude, openWeek0, openWeek1, openWeek2, openWeek3, openPartly);

-- A provider's bits again from its hours rows after each change to them (an aggregate of no rows is one row of nulls).
CREATE TRIGGER provider_open_week_insert AFTER INSERT ON provider_hours BEGIN
  UPDATE providers SET (openWeek0, openWeek1, openWeek2, openWeek3, openPartly) = (SELECT coalesce(max(openWeek0), 0), coalesce(max(openWeek1), 0),
    coalesce(max(openWeek2), 0), coalesce(max(openWeek3), 0), coalesce(max(openPartly), 0) FROM provider_open_weeks WHERE providerSeq = new.providerSeq) WHERE seq = new.providerSeq;
END;
CREATE TRIGGER provider_open_week_delete AFTER DELETE ON provider_hours BEGIN
  UPDATE providers SET (openWeek0, openWeek1, openWeek2, openWeek3, openPartly) = (SELECT coalesce(max(openWeek0), 0), coalesce(max(openWeek1), 0),
    coalesce(max(openWeek2), 0), coalesce(max(openWeek3), 0), coalesce(max(openPartly), 0) FROM provider_open_weeks WHERE providerSeq = old.providerSeq) WHERE seq = old.providerSeq;
END;
CREATE TRIGGER provider_open_week_update AFTER UPDATE OF providerSeq, openMinute, closeMinute ON provider_hours BEGIN
  UPDATE providers SET (openWeek0, openWeek1, openWeek2, openWeek3, openPartly) = (SELECT coalesce(max(openWeek0), 0), coalesce(max(openWeek1), 0),
    coalesce(max(openWeek2), 0), coalesce(max(openWeek3), 0), coalesce(max(openPartly), 0) FROM provider_open_weeks WHERE providerSeq = old.providerSeq) WHERE seq = old.providerSeq;
  UPDATE providers SET (openWeek0, openWeek1, openWeek2, openWeek3, openPartly) = (SELECT coalesce(max(openWeek0), 0), coalesce(max(openWeek1), 0),
    coalesce(max(openWeek2), 0), coalesce(max(openWeek3), 0), coalesce(max(openPartly), 0) FROM provider_open_weeks WHERE providerSeq = new.providerSeq) WHERE seq = new.providerSeq;
END;

-- provider_search copies them as it copies the other search columns (migrations/0034).
DROP TRIGGER provider_search_insert;
CREATE TRIGGER provider_search_insert AFTER INSERT ON providers BEGIN
  INSERT OR REPLACE INTO provider_search (seq, id, name, city, state, zipCode, isPromoted, priceRange, rating, reviewCount, latitude, longitude, timeZone, facets,
    openWeek0, openWeek1, openWeek2, openWeek3, openPartly)
  VALUES (new.seq, new.id, new.name, new.city, new.state, new.zipCode, new.isPromoted, new.priceRange, new.rating, new.reviewCount, new.latitude, new.longitude, new.timeZone, new.facets,
    new.openWeek0, new.openWeek1, new.openWeek2, new.openWeek3, new.openPartly);
END;
DROP TRIGGER provider_search_update;
CREATE TRIGGER provider_search_update AFTER UPDATE OF id, name, city, state, zipCode, isPromoted, priceRange, rating, reviewCount, latitude, longitude, timeZone, facets,
  openWeek0, openWeek1, openWeek2, openWeek3, openPartly ON providers BEGIN
  UPDATE provider_search SET id = new.id, name = new.name, city = new.city, state = new.state, zipCode = new.zipCode,
    isPromoted = new.isPromoted, priceRange = new.priceRange, rating = new.rating, reviewCount = new.reviewCount,
    latitude = new.latitude, longitude = new.longitude, timeZone = new.timeZone, facets = new.facets,
    openWeek0 = new.openWeek0, openWeek1 = new.openWeek1, openWeek2 = new.openWeek2, openWeek3 = new.openWeek3, openPartly = new.openPartly
  WHERE seq = new.seq;
END;
