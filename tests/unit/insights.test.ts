/** Owner insights' pure rules (docs/insights.md): periods, change in words, CSV, chart, months, retention's cut, the beacon's batch size. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BEACON_EVENTS,
  buildReport,
  changeText,
  chartSvg,
  dayRange,
  MAX_LISTINGS_PER_BEACON,
  REPORTED_MEASURES,
  reportCsv,
  reportDays,
} from '../../src/features/insights/index';
import { monthDays } from '../../src/features/insights/monthly.server';
import { keptFrom } from '../../src/features/insights/retention.server';

describe('insights rules', () => {
  it('the beacon counts every measure with a window', () => {
    expect(BEACON_EVENTS).toEqual(['view', 'search', 'call', 'directions', 'website', 'booking']);
  });

  it('compares the 30 days ending today with the 30 before, across a month and a year', () => {
    const { days, previousDays } = reportDays('2026-01-10');
    expect([days[0], days.at(-1), previousDays[0], previousDays.at(-1)]).toEqual(['2025-12-12', '2026-01-10', '2025-11-12', '2025-12-11']);
    expect(dayRange('2024-03-01', 2)).toEqual(['2024-02-29', '2024-03-01']);
  });

  it('says the change in words that need no colour', () => {
    expect(changeText(92, 80)).toBe('+12 (+15%)');
    expect(changeText(37, 40)).toBe('−3 (−8%)');
    expect(changeText(5, 5)).toBe('no change');
    expect(changeText(4, 0)).toBe('+4 (new)');
    expect(changeText(0, 3)).toBe('−3 (−100%)');
  });

  it('writes the CSV with a header row and both periods by day', () => {
    const report = buildReport('2026-11-28', REPORTED_MEASURES, [
      { day: '2026-11-28', measure: 'view', count: 3 },
      { day: '2026-10-01', measure: 'call', count: 2 },
    ]);
    const lines = reportCsv(report).split('\r\n');
    expect(lines[0]).toBe('date,period,view,search,call,directions,website,booking,request,reply');
    expect(lines[1]).toBe('2026-09-30,previous,0,0,0,0,0,0,0,0');
    expect(lines[2]).toBe('2026-10-01,previous,0,0,2,0,0,0,0,0');
    expect(lines[60]).toBe('2026-11-28,current,3,0,0,0,0,0,0,0');
    expect(lines[61]).toBe('');
  });

  it('draws one bar per day and the previous period as a dashed line, with a text alternative', () => {
    const report = buildReport('2026-11-28', REPORTED_MEASURES, [{ day: '2026-11-27', measure: 'view', count: 7 }]);
    const svg = chartSvg(report.measures[0]!, report.days, 'c');
    expect(svg.match(/<rect [^>]*><title>/g)).toHaveLength(30);
    expect(svg).toContain('<title>Nov 27: 7</title>');
    expect(svg).toContain('stroke-dasharray="5 3"');
    expect(svg).toContain('<desc id="c-desc">Profile views: 7 in the last 30 days (bars), 0 in the 30 days before (dashed line).');
    expect(svg).toContain('Bars: last 30 days');
  });

  it('knows a month’s days and keeps 18 months', () => {
    expect(monthDays('2024-02')).toEqual({ first: '2024-02-01', last: '2024-02-29', name: 'February 2024' });
    expect(keptFrom(new Date('2026-11-28T00:30:00Z'))).toBe('2025-05-28');
  });

  it('the page script batches search appearances by the API’s limit', () => {
    const script = readFileSync('src/scripts/insightsBeacon.ts', 'utf8');
    expect([...script.matchAll(/i \+= (\d+)|slice\(i, i \+ (\d+)\)/g)].map((m) => Number(m[1] ?? m[2]))).toEqual([
      MAX_LISTINGS_PER_BEACON,
      MAX_LISTINGS_PER_BEACON,
    ]);
  });
});
