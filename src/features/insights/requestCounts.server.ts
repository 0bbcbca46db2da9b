/**
 * Time requests and replies as insight measures (docs/insights.md "Requests and replies"), read
 * from the requests feature's own table rather than counted twice: a request counts on the UTC day
 * it was sent, a reply on the day of the business's first answer (accept, propose or decline).
 * The rows stay after a shopper's details are deleted (docs/requests.md), so the counts do too.
 */

/** A UNION ALL arm giving (day, measure, count) for :providerId between the days :from and :to. */
export const REQUEST_COUNTS_SQL = `
  SELECT substr(createdAt, 1, 10) AS day, 'request' AS measure, count(*) AS count FROM requests
  WHERE providerId = :providerId AND createdAt >= :from AND substr(createdAt, 1, 10) <= :to GROUP BY 1
  UNION ALL
  SELECT substr(firstAnsweredAt, 1, 10), 'reply', count(*) FROM requests
  WHERE providerId = :providerId AND firstAnsweredAt >= :from AND substr(firstAnsweredAt, 1, 10) <= :to GROUP BY 1`;

/** The same for many listings at once, with providerId, for a month's totals: a JSON array of ids in :ids. */
export const REQUEST_TOTALS_SQL = `
  SELECT providerId, 'request' AS measure, count(*) AS total FROM requests
  WHERE providerId IN (SELECT value FROM json_each(:ids)) AND createdAt >= :from AND substr(createdAt, 1, 10) <= :to GROUP BY providerId
  UNION ALL
  SELECT providerId, 'reply', count(*) FROM requests
  WHERE providerId IN (SELECT value FROM json_each(:ids)) AND firstAnsweredAt >= :from AND substr(firstAnsweredAt, 1, 10) <= :to GROUP BY providerId
  UNION ALL
  SELECT providerId, 'replyMedianHours', replyMedianHours FROM request_settings
  WHERE providerId IN (SELECT value FROM json_each(:ids)) AND replyMedianHours IS NOT NULL`;
