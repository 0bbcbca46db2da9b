-- Unknown is unknown (docs/owners.md "Unknown hours and price"): the List Your Business form asks for
-- no hours and no price, yet until now every listing it made was stored with the same stand-in week
-- (Mon-Fri 9:00 AM - 6:00 PM, Sat 9:00 AM - 5:00 PM, Sun closed) and "$$", which the pages then showed
-- as the business's own ("Closed · Opens Sat 9:00 AM"). Those stand-ins become unknown ("{}" hours,
-- priceRangeKnown = 0: src/features/providers/unknownFields.ts) unless someone who knows set them:
-- - a listing the form made: not one of the seeded listings (vetted_by 'seed', or 'existing' for
--   those here before 0015) unless it still carries the sentence the form writes as its description
--   (businessApplication.ts describeBusiness), which no seeded listing does;
-- - hours: only while they are still the stand-in week and no owner edit (owner_audit 'edit', whose
--   `after` names every changed field) ever set them; owners cannot set a price, nor can operators
--   set either (scripts/moderate.ts), so a form listing's "$$" is always the stand-in.
-- The hours rows open now is searched by are written by code, not triggers (search/copies.server.ts),
-- so those of the listings whose hours go are deleted here.
-- A price is a column of its own kind: priceRange keeps its CHECK (one of the four ranges; SQLite
-- cannot change a CHECK in place), and priceRangeKnown = 0 says nobody gave it, so the API and
-- every page read it as unknown (providers.server.ts toProvider).
ALTER TABLE providers ADD COLUMN priceRangeKnown INTEGER NOT NULL DEFAULT 1 CHECK (priceRangeKnown IN (0, 1));
UPDATE providers SET priceRangeKnown = 0
WHERE priceRange = '$$'
  AND (vetted_by IS NULL OR vetted_by NOT IN ('seed', 'existing') OR description LIKE '% offers professional beauty services in %, including %');

DELETE FROM provider_hours WHERE providerSeq IN (
  SELECT p.seq FROM providers p
  WHERE json(p.openingHours) = json('{"monday":"9:00 AM - 6:00 PM","tuesday":"9:00 AM - 6:00 PM","wednesday":"9:00 AM - 6:00 PM","thursday":"9:00 AM - 6:00 PM","friday":"9:00 AM - 6:00 PM","saturday":"9:00 AM - 5:00 PM","sunday":"Closed"}')
    AND (p.vetted_by IS NULL OR p.vetted_by NOT IN ('seed', 'existing') OR p.description LIKE '% offers professional beauty services in %, including %')
    AND NOT EXISTS (SELECT 1 FROM owner_audit a WHERE a.providerId = p.id AND a.action = 'edit' AND a.after LIKE '%"openingHours"%')
);

UPDATE providers SET openingHours = '{}'
WHERE json(openingHours) = json('{"monday":"9:00 AM - 6:00 PM","tuesday":"9:00 AM - 6:00 PM","wednesday":"9:00 AM - 6:00 PM","thursday":"9:00 AM - 6:00 PM","friday":"9:00 AM - 6:00 PM","saturday":"9:00 AM - 5:00 PM","sunday":"Closed"}')
  AND (vetted_by IS NULL OR vetted_by NOT IN ('seed', 'existing') OR description LIKE '% offers professional beauty services in %, including %')
  AND NOT EXISTS (SELECT 1 FROM owner_audit a WHERE a.providerId = providers.id AND a.action = 'edit' AND a.after LIKE '%"openingHours"%');
