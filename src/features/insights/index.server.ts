/** Owner insights (docs/insights.md), server side: counting, reports, retention, the monthly email. */
export * from './index';
export { countBeacon, notCounted, utcDay, visitOf, visitorKey, type Visit } from './counting.server';
export { listingName, listingReport } from './report.server';
export { deleteExpired, keptFrom } from './retention.server';
export {
  monthDays,
  monthlyEmailOn,
  monthlyMessage,
  previousMonth,
  queueMonthlySummaries,
  MAIL_KIND,
  setMonthlyEmail,
  unsubscribeLinks,
  validUnsubscribe,
} from './monthly.server';
