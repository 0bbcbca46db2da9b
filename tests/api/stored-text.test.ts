/**
 * Stored text (issue "Hardening", docs/security.md "Stored text"): control characters, bidi
 * overrides and invisible-only text are refused with a clear 400 and write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startApi, validListing, type TestApi } from '../helpers/api';

let api: TestApi;
let providerId: string;
let reviewId: string;
beforeAll(async () => {
  api = await startApi({ seed: false });
  providerId = ((await (await api.post('/api/providers', validListing())).json()) as { id: string }).id;
  const review = await api.post('/api/reviews', { providerId, customerName: 'Plain Pat', rating: 5, comment: 'Lovely.' });
  reviewId = ((await review.json()) as { id: string }).id;
});
afterAll(() => api.close());

const counts = async () => {
  const { rows } = await api.database.client.execute(
    'SELECT (SELECT count(*) FROM providers) AS p, (SELECT count(*) FROM reviews) AS r, (SELECT count(*) FROM review_reports) AS rr',
  );
  return `${rows[0]!.p},${rows[0]!.r},${rows[0]!.rr}`;
};

describe('reviews', () => {
  it('the terminal escapes of the report (ESC, CR, LF, BEL, NUL in a name or comment) are refused, naming the field', async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, string][] = [
      [{ customerName: 'Eve\u001b]0;owned\u0007' }, 'Name must be a single line without control characters'],
      [{ customerName: 'Eve\r[REPORT] fake entry' }, 'Name must be a single line without control characters'],
      [{ customerName: 'Eve\nMallory' }, 'Name must be a single line without control characters'],
      [{ customerName: 'Eve\u0000' }, 'Name must be a single line without control characters'],
      [{ comment: 'Nice\u001b[2J\u001b[H' }, 'Comment must not contain control characters'],
      [{ comment: 'Nice\u0007' }, 'Comment must not contain control characters'],
      [{ customerName: 'Eve \u202Eevil' }, 'Name must not contain text-direction override characters'],
      [{ comment: 'Great \u2066place\u2069' }, 'Comment must not contain text-direction override characters'],
      [{ customerName: '\u200B' }, 'Name must contain visible text'],
      [{ comment: '\u200B\u200D' }, 'Comment must contain visible text'],
    ];
    for (const [fields, message] of cases) {
      const res = await api.post('/api/reviews', { providerId, customerName: 'Eve', rating: 1, comment: 'Bad.', ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      const body = await errorOf(res);
      expect(body.error).toBe(message);
      expect(body.issues[0]!.path).toBe('customerName' in fields ? 'customerName' : 'comment');
    }
    expect(await counts()).toBe(before);
  });

  it('a comment keeps its line breaks (CRLF stored as LF)', async () => {
    const res = await api.post('/api/reviews', { providerId, customerName: 'Lined Lou', rating: 4, comment: 'Good cut.\r\nWill return.' });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { comment: string }).comment).toBe('Good cut.\nWill return.');
  });
});

describe('listings', () => {
  it('every listing field refuses control characters, overrides and invisible-only text', async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '\u200B' }, 'Business name must contain visible text'],
      [{ name: 'Salon\u001b[2J' }, 'Business name must be a single line without control characters'],
      [{ name: 'Salon \u202Enolas' }, 'Business name must not contain text-direction override characters'],
      [{ address: '1 Main St\r\n2 Fake St' }, 'Business address must be a single line without control characters'],
      [{ city: 'Dallas\u0007' }, 'City must be a single line without control characters'],
      [{ services: JSON.stringify(['Nails\u001b[31m']) }, 'Each service must be a single line without control characters'],
      [{ services: JSON.stringify(['\u2060']) }, 'Each service must contain visible text'],
      [{ description: 'About us\u0000' }, 'Description must not contain control characters'],
    ];
    for (const [fields, message] of cases) {
      const res = await api.post('/api/providers', validListing({ name: 'Text Rules Salon', address: '9 Rule Row', ...fields }));
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect((await errorOf(res)).error).toBe(message);
    }
    expect(await counts()).toBe(before);
  });
});

describe('reports', () => {
  it('report details refuse control characters and overrides', async () => {
    const before = await counts();
    for (const details of ['See \u001b]0;x\u0007', 'abc\u202Edef', '\u200B']) {
      const res = await api.post(`/api/reviews/${reviewId}/reports`, { reason: 'spam', details });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).issues[0]!.path).toBe('details');
    }
    expect(await counts()).toBe(before);
  });
});
