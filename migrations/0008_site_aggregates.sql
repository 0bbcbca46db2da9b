-- What the build reads as aggregates, kept up to date by triggers instead of counted per build: the
-- GROUP BY over providers and the count over reviews read every row of both tables per build, which
-- Turso bills (docs/SCALING.md); these tables hold one row per city and one row.
CREATE TABLE city_counts (
  city TEXT NOT NULL COLLATE NOCASE,
  state TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (city, state)
) WITHOUT ROWID;
INSERT INTO city_counts (city, state, n) SELECT city, state, count(*) FROM providers GROUP BY city, state;

CREATE TRIGGER city_counts_insert AFTER INSERT ON providers BEGIN
  INSERT INTO city_counts (city, state, n) VALUES (new.city, new.state, 1)
  ON CONFLICT (city, state) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER city_counts_delete AFTER DELETE ON providers BEGIN
  UPDATE city_counts SET n = n - 1 WHERE city = old.city AND state = old.state;
END;
CREATE TRIGGER city_counts_update AFTER UPDATE OF city, state ON providers BEGIN
  UPDATE city_counts SET n = n - 1 WHERE city = old.city AND state = old.state;
  INSERT INTO city_counts (city, state, n) VALUES (new.city, new.state, 1)
  ON CONFLICT (city, state) DO UPDATE SET n = n + 1;
END;

CREATE TABLE review_stats (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  n INTEGER NOT NULL,
  ratingSum INTEGER NOT NULL
);
INSERT INTO review_stats (id, n, ratingSum) SELECT 1, count(*), coalesce(sum(rating), 0) FROM reviews;

CREATE TRIGGER review_stats_insert AFTER INSERT ON reviews BEGIN
  UPDATE review_stats SET n = n + 1, ratingSum = ratingSum + new.rating WHERE id = 1;
END;
CREATE TRIGGER review_stats_delete AFTER DELETE ON reviews BEGIN
  UPDATE review_stats SET n = n - 1, ratingSum = ratingSum - old.rating WHERE id = 1;
END;
CREATE TRIGGER review_stats_update AFTER UPDATE OF rating ON reviews BEGIN
  UPDATE review_stats SET ratingSum = ratingSum - old.rating + new.rating WHERE id = 1;
END;
