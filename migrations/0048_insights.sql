-- Owner insights (docs/insights.md): what a listing brought in, counted without cookies.
-- One row per listing, day (UTC, YYYY-MM-DD) and measure, upserted by the beacon and read by the
-- Insights view and the monthly email; kept 18 months, then deleted by functions/insights-retention.mts.
CREATE TABLE insight_counts (
  providerId TEXT NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  day TEXT NOT NULL,
  measure TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (providerId, day, measure)
) WITHOUT ROWID;
-- The retention function deletes by day.
CREATE INDEX insight_counts_day ON insight_counts (day);

-- What was already counted in its window: `<day>|<hash of visitor key, measure and window>`. The
-- visitor key is itself a hash of a daily salt that is never stored, so nothing here leads back to
-- an address. The day leads the key, so yesterday's rows go by a range of the primary key.
CREATE TABLE insight_visits (
  key TEXT NOT NULL PRIMARY KEY
) WITHOUT ROWID;

-- The monthly summary: an owner's choice (absent = on) ...
CREATE TABLE insight_mail_settings (
  userId TEXT NOT NULL PRIMARY KEY REFERENCES auth_users (id) ON DELETE CASCADE,
  monthly INTEGER NOT NULL CHECK (monthly IN (0, 1)),
  updatedAt TEXT NOT NULL
);
-- ... and one row per owner and month it went to, so a retried run sends nothing twice.
CREATE TABLE insight_mail_sent (
  userId TEXT NOT NULL,
  month TEXT NOT NULL,
  sentAt TEXT NOT NULL,
  PRIMARY KEY (userId, month)
) WITHOUT ROWID;

-- Headers a message needs beyond the usual (the monthly email's List-Unsubscribe and
-- List-Unsubscribe-Post, RFC 8058), as a JSON object; NULL for none (src/features/mail/outbox.server.ts).
ALTER TABLE mail_outbox ADD COLUMN headers TEXT;
