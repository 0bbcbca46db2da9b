-- Owners' rebuilds, apart from the moderators' (issue 37 item 6; docs/owners.md "Budgets"): an
-- owner's status change asks for a rebuild of the pre-built pages by a row here, one per listing
-- (a second change of the same listing before the next run is the same row). A scheduled function
-- (functions/owner-rebuilds.mts) asks for one build for all of them, from the owners' own hourly
-- budget; the moderators' budget is never touched.
CREATE TABLE pending_rebuilds (
  providerId TEXT PRIMARY KEY REFERENCES providers (id) ON DELETE CASCADE,
  userId TEXT NOT NULL,
  requestedAt TEXT NOT NULL
);
