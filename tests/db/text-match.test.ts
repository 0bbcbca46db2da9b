/**
 * When one row's check against a search's words stays cheap (src/features/search/textMatch.server.ts):
 * a short query is checked row by row wherever a walk visits, a long one is listed once, because a
 * check costs a seek per word of the data and listing costs a read per match (docs/search.md
 * "Bounded cost").
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { MAX_CHECK_SEEKS, textMatch } from '../../src/features/search/textMatch.server';
import { withTempDatabase } from '../helpers/database';

let database: Db;
withTempDatabase((opened) => {
  database = opened;
});

describe('text match', () => {
  it('a word of the data or a short prefix costs one seek: a few of them are checkable', async () => {
    const match = await textMatch(database, 'nail gel');
    expect(match).toMatchObject({ checkable: true });
  });

  it(`past ${MAX_CHECK_SEEKS} seeks the words are listed once, not checked row by row`, async () => {
    const words = Array.from({ length: MAX_CHECK_SEEKS + 1 }, (_, i) => `n${i}`).join(' ');
    expect(await textMatch(database, words.split(' ').slice(0, MAX_CHECK_SEEKS).join(' '))).toMatchObject({ checkable: true });
    expect(await textMatch(database, words)).toMatchObject({ checkable: false });
  });
});
