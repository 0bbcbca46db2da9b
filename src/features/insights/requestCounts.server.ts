/**
 * Time requests and replies as insight measures (docs/insights.md "Requests and replies"): the
 * requests feature counts them into insight_counts in the transaction of each change (a request on
 * the UTC day it was sent, a reply on the day of the business's first answer), so they read like
 * every other measure. What only the requests feature knows, the listing's reply time, is read
 * here for the monthly email: a JSON array of ids in :ids.
 */
export const REPLY_TIME_SQL = `
  SELECT providerId, 'replyMedianHours' AS measure, replyMedianHours AS total FROM request_settings
  WHERE providerId IN (SELECT value FROM json_each(:ids)) AND replyMedianHours IS NOT NULL`;
