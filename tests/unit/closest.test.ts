/** Spelling correction's choices from candidates read already (src/features/suggestions/closest.server.ts): pure, no database. */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { closestTerms, prefixTermsInBand, type Term } from '../../src/features/suggestions/closest.server';

const term = (t: string, n = 1): Term => ({ term: t, label: t, n });
const band = ['balls', 'bangs', 'balayage', 'balayages', 'balayed', 'based', 'beach', 'beauty'].map((t) => term(t));
/** No database: with candidates given, closestTerms reads none. */
const none = {} as Db;

describe('closestTerms with its candidates read (termsElseBand)', () => {
  it('the nearest within the allowed edits, then the most common, as when it reads them', async () => {
    expect((await closestTerms(none, 'word', 'balayge', { candidates: band })).map((t) => t.term)).toEqual(['balayage']);
    const common = [term('balayage', 1), term('balayaje', 9)];
    expect((await closestTerms(none, 'word', 'balayqe', { candidates: common, limit: 2 })).map((t) => t.term)).toEqual(['balayaje', 'balayage']);
    expect(await closestTerms(none, 'word', 'zzzzzz', { candidates: band })).toEqual([]);
  });
  it('a word with a digit, or shorter than 3, is not corrected', async () => {
    expect(await closestTerms(none, 'word', 'bal4yage', { candidates: band })).toEqual([]);
    expect(await closestTerms(none, 'word', 'ba', { candidates: band })).toEqual([]);
  });
});

describe('prefixTermsInBand', () => {
  it('the band’s terms that start with the word, in the database’s (byte) order, up to the limit', () => {
    expect(prefixTermsInBand(band, 'balayage', 17)).toEqual(['balayage', 'balayages']);
    expect(prefixTermsInBand(band, 'ba', 3)).toEqual(['balayage', 'balayages', 'balayed']);
    expect(prefixTermsInBand([term('caf\u00e9'), term('cafe'), term('caf\u{1F600}')], 'caf', 17)).toEqual(['cafe', 'caf\u00e9', 'caf\u{1F600}']);
  });
  it('each term once, whatever its labels', () => {
    expect(prefixTermsInBand([term('salon'), { term: 'salon', label: 'Salon', n: 2 }], 'salon', 17)).toEqual(['salon']);
  });
});
