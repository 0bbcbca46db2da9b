/** The local timers of scheduled functions (src/local-server/schedules.ts) run at Netlify's rates. */
import { describe, expect, it } from 'vitest';
import { scheduleIntervalMs } from '../../src/local-server/schedules';

describe('scheduleIntervalMs', () => {
  it('reads the schedules functions/ uses', () => {
    expect(scheduleIntervalMs('* * * * *')).toBe(60_000);
    expect(scheduleIntervalMs('*/5 * * * *')).toBe(300_000);
    expect(scheduleIntervalMs('@hourly')).toBe(3_600_000);
    expect(scheduleIntervalMs('@daily')).toBe(86_400_000);
  });
  it('refuses a schedule it would have to guess', () => {
    expect(() => scheduleIntervalMs('0 9 * * 1')).toThrow(/Unsupported schedule/);
  });
});
