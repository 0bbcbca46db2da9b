-- Every setup (npm start, each build, each test database) asks whether any provider still lacks its
-- place and time zone (src/features/search/backfill.server.ts). Without an index that question reads every
-- provider row, a million on Turso for each build; this partial index holds only the rows still to
-- fill, so once they are filled the question reads none.
CREATE INDEX providers_missing_place ON providers (seq) WHERE timeZone IS NULL;
