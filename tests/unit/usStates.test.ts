/** US states and their time zones (src/features/places/usStates.ts). */
import { describe, expect, it } from 'vitest';
import { US_STATES, stateCode } from '../../src/features/places/usStates';

describe('US_STATES', () => {
  it('lists the 50 states and DC, each with a time zone this runtime knows', () => {
    expect(Object.keys(US_STATES)).toHaveLength(51);
    for (const [code, { timeZone }] of Object.entries(US_STATES)) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone }), code).not.toThrow();
    }
  });
});

describe('stateCode', () => {
  it('reads codes and names in any case', () => {
    expect(stateCode('TX')).toBe('TX');
    expect(stateCode(' tx ')).toBe('TX');
    expect(stateCode('Texas')).toBe('TX');
    expect(stateCode('new hampshire')).toBe('NH');
    expect(stateCode('District of Columbia')).toBe('DC');
  });

  it('is undefined for anything else', () => {
    for (const text of ['', 'ZZ', 'Tex', 'T', 'Texass', 'New  Hampshire']) expect(stateCode(text), text).toBeUndefined();
  });
});
