/**
 * Copy that matches the data (issue 39): an application's fate said one way everywhere, counts in
 * copy computed, paths in answers linked, and the dashboard's hours read and written as time controls.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APPLICATION_FATE, applicationToast } from '../../src/features/owners/applicationCopy';
import { fromWeekHours, toWeekHours } from '../../src/features/owners/hoursForm';
import { pathParts } from '../../src/features/content/pathLinks';
import { fillCounts } from '../../src/features/content/siteCounts';
import { stateCode } from '../../src/features/providers/schemas/businessApplication';
import { codeMessage } from '../../src/features/owners/mail.server';
import { hasHours, hasPrice, hoursUnknownLabel } from '../../src/features/providers/unknownFields';
import { IMPORT_SOURCE } from '../../src/features/imports/rules';

const content = (path: string) => readFileSync(new URL(`../../content/${path}`, import.meta.url), 'utf8');

describe("an application's fate, said the same way everywhere", () => {
  it('in the toast (with the emailed code and how long it lasts), the email, the FAQs, /for-businesses and the terms', () => {
    expect(applicationToast('a@example.com')).toBe(
      `Your business is ${APPLICATION_FATE}. We emailed a 6-digit code to a@example.com: it lasts 10 minutes and lets you manage your listing.`,
    );
    const mail = codeMessage('a@example.com', '123456', { kind: 'new-listing', businessName: 'Fern', claimUrl: 'https://glow.example.com/business' } as never);
    expect(mail.text).toContain(`Your listing is ${APPLICATION_FATE}.`);
    for (const file of ['faq/business.json', 'faq/site.json', 'company/for-businesses.json', 'company/home.json', 'legal/terms.md'])
      expect(content(file), file).toContain(APPLICATION_FATE);
  });
  it('no copy promises contact within 24 hours for an application, or a review before listing', () => {
    for (const file of ['faq/business.json', 'faq/site.json', 'company/for-businesses.json', 'company/home.json', 'legal/terms.md']) {
      expect(content(file), file).not.toMatch(/reviews? (every |your )?applications? within/i);
      expect(content(file), file).not.toMatch(/\b77\+?\b/);
    }
  });
});

describe('counts in copy are computed', () => {
  it('fills {providerCount} and {cityCount}; copy carries no typed count and calls no count verified', () => {
    expect(fillCounts('Discover {providerCount} salons across {cityCount} US cities.', { providerCount: 1234, cityCount: 7 })).toBe(
      'Discover 1,234 salons across 7 US cities.',
    );
    for (const file of ['company/home.json', 'company/about.json', 'company/for-businesses.json']) {
      expect(content(file), file).toContain('{providerCount}');
      expect(content(file), file).not.toMatch(/\{providerCount\} verified|\d+\+? verified/);
    }
  });
});

describe('paths in answers are links', () => {
  it('splits out site paths, leaving punctuation and text as they are', () => {
    expect(pathParts('See /for-businesses. Or /guides/nail-shapes, and 24/7 help.')).toEqual([
      { text: 'See ' },
      { text: '/for-businesses', href: '/for-businesses' },
      { text: '. Or ' },
      { text: '/guides/nail-shapes', href: '/guides/nail-shapes' },
      { text: ', and 24/7 help.' },
    ]);
  });
});

describe('the form edges', () => {
  it('takes a state by code or full name, never cut short', () => {
    expect(stateCode('ne')).toBe('NE');
    expect(stateCode('Nebraska')).toBe('NE');
    expect(stateCode('New York')).toBe('NY');
    expect(stateCode('Nowhere')).toBe('NOWHERE');
  });
});

describe('unknown hours and price', () => {
  it('say unknown, keyed by where the listing came from', () => {
    expect(hasHours('{}')).toBe(false);
    expect(hasHours('{"monday":"Closed"}')).toBe(true);
    expect(hasPrice('')).toBe(false);
    expect(hasPrice('$$')).toBe(true);
    expect(hoursUnknownLabel()).toBe('Hours not provided');
    expect(hoursUnknownLabel('some-future-source')).toBe('Hours not provided');
    // Open data has no hours: an imported listing says nobody has confirmed them (docs/imports.md "Mapping").
    expect(hoursUnknownLabel(IMPORT_SOURCE)).toBe('Hours not confirmed');
  });
});

describe("the dashboard's hours as time controls", () => {
  const stored = {
    monday: '9:00 AM - 6:00 PM',
    tuesday: 'Closed',
    wednesday: '6:00 PM - 12:00 AM',
    thursday: '12:00 AM - 11:59 PM',
    friday: '9:30 AM - 12:00 PM',
    saturday: 'Closed',
    sunday: 'Closed',
  };
  it('round-trips stored hours, closing at midnight too', () => {
    const week = toWeekHours(stored);
    expect(week.monday).toEqual({ closed: false, open: '09:00', close: '18:00' });
    expect(week.tuesday.closed).toBe(true);
    expect(fromWeekHours(week)).toEqual({ hours: stored });
  });
  it('a listing without hours starts blank, and each missing day is named', () => {
    const week = toWeekHours({});
    expect(week.friday).toEqual({ closed: false, open: '', close: '' });
    const result = fromWeekHours({ ...week, monday: { closed: false, open: '09:00', close: '09:00' }, tuesday: { closed: true, open: '', close: '' } });
    expect('errors' in result && result.errors.monday).toBe("Monday's hours: the closing time must differ from the opening time");
    expect('errors' in result && result.errors.friday).toBe("Friday's hours: choose an opening and a closing time, or mark the day closed");
    expect('errors' in result && result.errors.tuesday).toBeUndefined();
  });
  it('refuses a day that closes past midnight, as the stored hours do', () => {
    const week = toWeekHours({ ...stored, friday: '9:00 AM - 5:00 PM' });
    const result = fromWeekHours({ ...week, friday: { closed: false, open: '18:00', close: '02:00' } });
    expect('errors' in result && result.errors.friday).toBe("Friday's hours: the closing time must be after the opening time, on the same day");
  });
});
