-- The build's aggregates (migrations/0008_site_aggregates.sql) count what the pages show: listed
-- providers (not hidden by moderation, migrations/0007_moderation.sql) and the published reviews of
-- listed providers (docs/moderation.md). The triggers now follow hiding and restoring too.
DROP TRIGGER city_counts_insert;
DROP TRIGGER city_counts_delete;
DROP TRIGGER city_counts_update;

CREATE TRIGGER city_counts_insert AFTER INSERT ON providers WHEN new.isHidden = 0 BEGIN
  INSERT INTO city_counts (city, state, n) VALUES (new.city, new.state, 1)
  ON CONFLICT (city, state) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER city_counts_delete AFTER DELETE ON providers WHEN old.isHidden = 0 BEGIN
  UPDATE city_counts SET n = n - 1 WHERE city = old.city AND state = old.state;
END;
CREATE TRIGGER city_counts_update AFTER UPDATE OF city, state, isHidden ON providers BEGIN
  UPDATE city_counts SET n = n - 1 WHERE old.isHidden = 0 AND city = old.city AND state = old.state;
  INSERT INTO city_counts (city, state, n) SELECT new.city, new.state, 1 WHERE new.isHidden = 0
  ON CONFLICT (city, state) DO UPDATE SET n = n + 1;
END;

DROP TRIGGER review_stats_insert;
DROP TRIGGER review_stats_delete;
DROP TRIGGER review_stats_update;

CREATE TRIGGER review_stats_insert AFTER INSERT ON reviews
WHEN new.status = 'published' AND coalesce((SELECT isHidden FROM providers WHERE id = new.providerId), 0) = 0 BEGIN
  UPDATE review_stats SET n = n + 1, ratingSum = ratingSum + new.rating WHERE id = 1;
END;
CREATE TRIGGER review_stats_delete AFTER DELETE ON reviews
WHEN old.status = 'published' AND coalesce((SELECT isHidden FROM providers WHERE id = old.providerId), 0) = 0 BEGIN
  UPDATE review_stats SET n = n - 1, ratingSum = ratingSum - old.rating WHERE id = 1;
END;
CREATE TRIGGER review_stats_update AFTER UPDATE OF rating, status ON reviews
WHEN coalesce((SELECT isHidden FROM providers WHERE id = new.providerId), 0) = 0 BEGIN
  UPDATE review_stats SET
    n = n - (old.status = 'published') + (new.status = 'published'),
    ratingSum = ratingSum - (CASE WHEN old.status = 'published' THEN old.rating ELSE 0 END)
                          + (CASE WHEN new.status = 'published' THEN new.rating ELSE 0 END)
  WHERE id = 1;
END;
-- Hiding a listing takes its published reviews out of the figures; restoring it puts them back.
CREATE TRIGGER review_stats_listing AFTER UPDATE OF isHidden ON providers WHEN old.isHidden <> new.isHidden BEGIN
  UPDATE review_stats SET
    n = n + (CASE WHEN new.isHidden = 1 THEN -1 ELSE 1 END) * (SELECT count(*) FROM reviews WHERE providerId = new.id AND status = 'published'),
    ratingSum = ratingSum + (CASE WHEN new.isHidden = 1 THEN -1 ELSE 1 END) * (SELECT coalesce(sum(rating), 0) FROM reviews WHERE providerId = new.id AND status = 'published')
  WHERE id = 1;
END;

-- Recount once, in case anything was hidden before these triggers.
DELETE FROM city_counts;
INSERT INTO city_counts (city, state, n) SELECT city, state, count(*) FROM providers WHERE isHidden = 0 GROUP BY city, state;
UPDATE review_stats SET
  n = (SELECT count(*) FROM reviews r JOIN providers p ON p.id = r.providerId WHERE r.status = 'published' AND p.isHidden = 0),
  ratingSum = (SELECT coalesce(sum(r.rating), 0) FROM reviews r JOIN providers p ON p.id = r.providerId WHERE r.status = 'published' AND p.isHidden = 0)
WHERE id = 1;
