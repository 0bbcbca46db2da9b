/** Reading a provider's JSON-encoded fields (src/features/providers/providerFields.ts): tolerant, never throwing. */
import { describe, expect, it } from 'vitest';
import { HOURS_PATTERN, parseOpeningHours, parseServices } from '../../src/features/providers/providerFields';

describe('parseServices', () => {
  it('reads a JSON list of names and keeps only the strings', () => {
    expect(parseServices('["Manicure","Facial"]')).toEqual(['Manicure', 'Facial']);
    expect(parseServices('["Manicure",1,null,{"a":1}]')).toEqual(['Manicure']);
  });

  it('is empty for bad JSON or anything but a list', () => {
    for (const text of ['', 'Manicure, Facial', '{"a":"b"}', '"Manicure"', 'null']) expect(parseServices(text)).toEqual([]);
  });
});

describe('parseOpeningHours', () => {
  it('keeps the days whose hours read correctly and drops the rest', () => {
    const text = JSON.stringify({ monday: '9:00 AM - 6:00 PM', tuesday: 'Closed', wednesday: '9 to 5', thursday: 9, funday: 'Closed' });
    expect(parseOpeningHours(text)).toEqual({ monday: '9:00 AM - 6:00 PM', tuesday: 'Closed' });
  });

  it('is empty for bad JSON or anything but an object', () => {
    for (const text of ['', '{', 'null', '"Closed"', '42']) expect(parseOpeningHours(text)).toEqual({});
  });
});

describe('HOURS_PATTERN', () => {
  it('accepts 12-hour ranges and Closed', () => {
    for (const h of ['Closed', '9:00 AM - 6:00 PM', '12:30 PM - 1:00 AM', '10:05 AM - 11:59 PM']) expect(HOURS_PATTERN.test(h)).toBe(true);
  });

  it('refuses 24-hour times, hour 0 or 13, bad minutes and loose spacing', () => {
    for (const h of [
      'closed',
      '09:00 AM - 6:00 PM',
      '0:00 AM - 6:00 PM',
      '13:00 PM - 6:00 PM',
      '9:60 AM - 6:00 PM',
      '9:00AM - 6:00PM',
      '9:00 AM-6:00 PM',
      '9:00 am - 6:00 pm',
    ])
      expect(HOURS_PATTERN.test(h), h).toBe(false);
  });
});
