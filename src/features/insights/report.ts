/**
 * An Insights report as the view, the CSV and the JSON call show it (docs/insights.md "The view"):
 * the last PERIOD_DAYS days, day by day, against the PERIOD_DAYS before. Browser-safe and pure:
 * the server module reads the rows, this shapes them.
 */
import { type Measure, type MeasureKey, PERIOD_DAYS } from './measures';

export interface DayCount {
  day: string;
  measure: string;
  count: number;
}

export interface MeasureReport {
  key: MeasureKey;
  label: string;
  /** Counts of the current period, oldest day first (one per day of `days`). */
  daily: number[];
  /** Counts of the previous period, oldest day first (one per day of `previousDays`). */
  previousDaily: number[];
  total: number;
  previousTotal: number;
}

export interface InsightsReport {
  /** The current period's days (UTC, YYYY-MM-DD), oldest first; the last is today. */
  days: string[];
  /** The previous period's days, oldest first. */
  previousDays: string[];
  measures: MeasureReport[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The `n` UTC days ending `daysBack` days before `today`, oldest first. */
export function dayRange(today: string, n: number, daysBack = 0): string[] {
  const end = Date.parse(`${today}T00:00:00Z`) - daysBack * DAY_MS;
  return Array.from({ length: n }, (_, i) => new Date(end - (n - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** The two periods a report compares, ending today. */
export function reportDays(today: string): { days: string[]; previousDays: string[] } {
  return { days: dayRange(today, PERIOD_DAYS), previousDays: dayRange(today, PERIOD_DAYS, PERIOD_DAYS) };
}

export function buildReport(today: string, measures: readonly Measure[], rows: readonly DayCount[]): InsightsReport {
  const { days, previousDays } = reportDays(today);
  const byKey = new Map(rows.map((r) => [`${r.day}|${r.measure}`, r.count]));
  const series = (key: string, range: string[]) => range.map((day) => byKey.get(`${day}|${key}`) ?? 0);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return {
    days,
    previousDays,
    measures: measures.map((m) => {
      const daily = series(m.key, days);
      const previousDaily = series(m.key, previousDays);
      return { key: m.key, label: m.label, daily, previousDaily, total: sum(daily), previousTotal: sum(previousDaily) };
    }),
  };
}

/** The change against the previous period, in words that need no colour: "+12 (+15%)", "−3 (−8%)", "no change", "+4 (new)". */
export function changeText(total: number, previous: number): string {
  const diff = total - previous;
  if (diff === 0) return 'no change';
  const sign = diff > 0 ? '+' : '−';
  const amount = `${sign}${Math.abs(diff).toLocaleString('en-US')}`;
  if (previous === 0) return `${amount} (new)`;
  return `${amount} (${sign}${Math.round((Math.abs(diff) / previous) * 100)}%)`;
}

const csvCell = (value: string | number) => (typeof value === 'number' ? String(value) : /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The report as CSV: a header row, then one row per day of both periods (oldest first), one column per measure. */
export function reportCsv(report: InsightsReport): string {
  const header = ['date', 'period', ...report.measures.map((m) => m.key)];
  const rows = [
    ...report.previousDays.map((day, i) => [day, 'previous', ...report.measures.map((m) => m.previousDaily[i]!)]),
    ...report.days.map((day, i) => [day, 'current', ...report.measures.map((m) => m.daily[i]!)]),
  ];
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
