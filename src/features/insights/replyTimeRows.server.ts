/**
 * The listing's reply time for the monthly email (docs/insights.md "Requests and replies"): what only
 * the requests feature knows, read beside the month's counts as rows (providerId, measure, total)
 * tagged REPLY_TIME, so one statement reads both. :ids is a JSON array of provider ids.
 */
export const REPLY_TIME = 'replyMedianHours';

export const REPLY_TIME_SQL = `
  SELECT providerId, '${REPLY_TIME}' AS measure, replyMedianHours AS total FROM request_settings
  WHERE providerId IN (SELECT value FROM json_each(:ids)) AND replyMedianHours IS NOT NULL`;
