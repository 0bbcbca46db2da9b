-- Owners' statuses in search and lists (docs/owners.md "Statuses", docs/search.md "Filters").

-- A permanently closed listing is not listed for search, as a hidden one is, but keeps its page:
-- search's check of every row stays one lookup in one small partial index (filters.server.ts
-- `isListed`), now of the hidden and the permanently closed together.
DROP INDEX providers_hidden;
CREATE INDEX providers_unlisted ON providers (seq) WHERE isHidden = 1 OR status = 'permanently_closed';

-- The few temporarily closed, for open-now searches: whether one is still closed depends on today in
-- its own time zone, so the check reads closedUntil and timeZone here (covering) rather than a flag
-- someone would have to clear on the day it reopens.
CREATE INDEX providers_closed ON providers (seq, closedUntil, timeZone) WHERE status = 'temporarily_closed';

-- City counts (the home page's cities, the pre-built city pages) count what a city's search lists:
-- vetted listings neither hidden nor permanently closed.
DROP TRIGGER city_counts_insert;
DROP TRIGGER city_counts_delete;
DROP TRIGGER city_counts_update;
CREATE TRIGGER city_counts_insert AFTER INSERT ON providers
WHEN new.isHidden = 0 AND new.vetted_at IS NOT NULL AND new.status <> 'permanently_closed' BEGIN
  INSERT INTO city_counts (city, state, n) VALUES (new.city, new.state, 1)
  ON CONFLICT (city, state) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER city_counts_delete AFTER DELETE ON providers
WHEN old.isHidden = 0 AND old.vetted_at IS NOT NULL AND old.status <> 'permanently_closed' BEGIN
  UPDATE city_counts SET n = n - 1 WHERE city = old.city AND state = old.state;
END;
CREATE TRIGGER city_counts_update AFTER UPDATE OF city, state, isHidden, vetted_at, status ON providers BEGIN
  UPDATE city_counts SET n = n - 1
  WHERE old.isHidden = 0 AND old.vetted_at IS NOT NULL AND old.status <> 'permanently_closed' AND city = old.city AND state = old.state;
  INSERT INTO city_counts (city, state, n) SELECT new.city, new.state, 1
  WHERE new.isHidden = 0 AND new.vetted_at IS NOT NULL AND new.status <> 'permanently_closed'
  ON CONFLICT (city, state) DO UPDATE SET n = n + 1;
END;
-- Listings closed for good before this migration leave their city's count now.
UPDATE city_counts SET n = n - c.k
FROM (SELECT city, state, count(*) AS k FROM providers
      WHERE status = 'permanently_closed' AND isHidden = 0 AND vetted_at IS NOT NULL GROUP BY city, state) c
WHERE city_counts.city = c.city AND city_counts.state = c.state;
