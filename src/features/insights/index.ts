/** Owner insights (docs/insights.md), browser-safe: the measures, the beacon's schema, the report's shape, the chart. */
export * from './measures';
export { beaconFromForm, beaconSchema, type Beacon } from './schemas/beacon';
export { buildReport, changeText, dayRange, reportCsv, reportDays, type InsightsReport, type MeasureReport } from './report';
export { chartSvg, shortDay } from './chart';
export { insightsQuerySchema, insightsReportSchema } from './schemas/report';
export { monthlyEmailSchema, unsubscribeQuerySchema, type MonthlyEmail } from './schemas/mail';
