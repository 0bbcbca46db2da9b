-- Everything moderators must see, they see (issue 37 item 7; docs/moderation.md "Reports").
--
-- Reply reports outlive the reply: an owner deleting a reported response must not take its reports
-- (and the words reported) out of the moderators' queue. So a report no longer cascades from
-- review_replies; it keeps the listing, the review and the response's text as reported. One report
-- of a response per client address (its salted hash, as for reviews).
CREATE TABLE reply_reports_kept (
  id TEXT PRIMARY KEY,
  replyId TEXT NOT NULL,
  providerId TEXT NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  reviewId TEXT NOT NULL,
  body TEXT NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('spam', 'offensive', 'conflict_of_interest', 'not_a_real_experience', 'other')),
  details TEXT,
  createdAt TEXT NOT NULL,
  resolvedAt TEXT,
  clientKey TEXT
);
INSERT INTO reply_reports_kept (id, replyId, providerId, reviewId, body, reason, details, createdAt, resolvedAt)
  SELECT rr.id, rr.replyId, rp.providerId, rp.reviewId, rp.body, rr.reason, rr.details, rr.createdAt, rr.resolvedAt
  FROM reply_reports rr JOIN review_replies rp ON rp.id = rr.replyId;
DROP TABLE reply_reports;
ALTER TABLE reply_reports_kept RENAME TO reply_reports;
CREATE INDEX reply_reports_open ON reply_reports (resolvedAt, createdAt DESC);
CREATE INDEX reply_reports_reply ON reply_reports (replyId);
CREATE UNIQUE INDEX reply_reports_one_per_client ON reply_reports (replyId, clientKey) WHERE clientKey IS NOT NULL;

-- One report of a photo per client address.
ALTER TABLE photo_reports ADD COLUMN clientKey TEXT;
CREATE UNIQUE INDEX photo_reports_one_per_client ON photo_reports (photoId, clientKey) WHERE clientKey IS NOT NULL;

-- Pictures a moderator hid, by content key: the same picture uploaded again, by anyone to any
-- listing, is stored hidden (and stays so after its photo is deleted) until a moderator restores it.
CREATE TABLE hidden_photo_keys (
  key TEXT PRIMARY KEY,
  hiddenAt TEXT NOT NULL
);
INSERT OR IGNORE INTO hidden_photo_keys (key, hiddenAt) SELECT key, min(updatedAt) FROM photos WHERE status = 'hidden' GROUP BY key;

-- The upload's own bytes, hashed before anything decodes them: the same file sent again to a
-- listing is answered from this without decoding it (docs/photos.md "Limits").
ALTER TABLE photos ADD COLUMN sourceKey TEXT;
CREATE INDEX photos_source ON photos (providerId, sourceKey) WHERE sourceKey IS NOT NULL;
