/**
 * Property-based tests (issue "Hardening"): random and hostile bodies and search parameters never
 * get a 5xx, always get JSON, and a refused request never writes anything.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, validListing, type TestApi } from '../helpers/api';

let api: TestApi;
let providerId: string;
beforeAll(async () => {
  api = await startApi();
  providerId = ((await (await api.get('/api/providers?limit=1')).json()) as { id: string }[])[0]!.id;
});
afterAll(() => api.close());

const counts = async () => {
  const { rows } = await api.database.client.execute(
    'SELECT (SELECT count(*) FROM providers) AS p, (SELECT count(*) FROM reviews) AS r, (SELECT count(*) FROM provider_categories) AS c, (SELECT count(*) FROM review_reports) AS rr',
  );
  return { providers: Number(rows[0]!.p), reviews: Number(rows[0]!.r), categories: Number(rows[0]!.c), reports: Number(rows[0]!.rr) };
};

/** Characters stored text must never hold (docs/security.md "Stored text"): controls, line separators and bidi overrides. */
const FORBIDDEN = /(?![\n\t])[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
/** Characters that render as nothing. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
const trickyChar = fc
  .oneof(
    fc.integer({ min: 0, max: 0x9f }).filter((n) => n < 0x20 || n >= 0x7f),
    fc.constantFrom(0x2028, 0x2029, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069),
    fc.constantFrom(0x200b, 0x200c, 0x200d, 0x2060, 0x2063, 0xfeff, 0x00ad, 0x3164, 0x115f, 0xfe0f, 0x034f, 0x180e),
  )
  .map((n) => String.fromCharCode(n));
/** Text mixing letters with control, invisible and bidi characters. */
const trickyText = fc.string({ unit: fc.oneof(trickyChar, fc.constantFrom('a', 'B', ' ', 'é', '💅')), minLength: 1, maxLength: 20 });

/** Hostile scalars: control, invisible and bidi characters, unicode, huge strings, numbers of every kind, nulls, arrays. */
const hostile = fc.oneof(
  trickyText,
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((n) => String.fromCharCode(n)), maxLength: 20 }),
  fc.constantFrom('<script>alert(1)</script>', "'; DROP TABLE providers; --", '../../etc/passwd', '\u0000', '💅🏽'.repeat(100), 'x'.repeat(70_000), '', ' '),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
);

/** A body built from valid fields with some fields dropped, replaced by hostile values, or added. */
function mutated(valid: Record<string, unknown>) {
  const keys = Object.keys(valid);
  return fc
    .record({
      drop: fc.subarray(keys),
      replace: fc.dictionary(fc.constantFrom(...keys), hostile, { maxKeys: 4 }),
      extra: fc.dictionary(fc.string({ maxLength: 8 }), hostile, { maxKeys: 2 }),
    })
    .map(({ drop, replace, extra }) => {
      const body: Record<string, unknown> = { ...extra, ...valid, ...replace };
      for (const k of drop) delete body[k];
      delete body.fax;
      if ('fax' in extra) body.fax = extra.fax;
      return body;
    });
}

const rawBody = fc.oneof(
  fc.string().map((s) => ({ text: s, type: 'application/json' })),
  fc.json().map((s) => ({ text: s, type: 'application/json' })),
  fc.string().map((s) => ({ text: s, type: 'text/plain' })),
  fc.constantFrom('{"a":', '[]', 'null', '"str"', '{}', '\uFEFF{}').map((s) => ({ text: s, type: 'application/json' })),
);

async function expectJsonAnswer(res: Response) {
  expect(res.status, `status ${res.status}`).toBeLessThan(500);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  const body = (await res.json()) as { error?: unknown };
  if (res.status >= 400) expect(typeof body.error).toBe('string');
  return body;
}

describe('POST bodies', () => {
  it('POST /api/reviews: any body gets a JSON answer below 500, and a refusal writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(mutated({ providerId, customerName: 'Prop Tester', rating: 4, comment: 'Fine visit.' }), async (body) => {
        const before = await counts();
        const res = await api.post('/api/reviews', body);
        await expectJsonAnswer(res);
        const after = await counts();
        if (res.status === 201) expect(after.reviews).toBe(before.reviews + 1);
        else expect(after).toEqual(before);
      }),
      { numRuns: 150 },
    );
  });

  it('POST /api/providers: any body gets a JSON answer below 500, and a refusal writes nothing', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(mutated(validListing({ address: 'placeholder' })), async (body) => {
        // Unique address per run, so a valid body is a new listing rather than a conflict.
        if (body.address === 'placeholder') body.address = `${n++} Property Lane`;
        const before = await counts();
        const res = await api.post('/api/providers', body);
        await expectJsonAnswer(res);
        const after = await counts();
        if (res.status === 201) expect(after.providers).toBe(before.providers + 1);
        else expect(after).toEqual(before);
      }),
      { numRuns: 150 },
    );
  });

  it('POST /api/reviews/{id}/reports: any body gets a JSON answer below 500, and a refusal writes nothing', async () => {
    const [review] = (await (await api.get(`/api/providers/${providerId}/reviews?limit=1`)).json()) as { id: string }[];
    await fc.assert(
      fc.asyncProperty(mutated({ reason: 'spam', details: 'Links to another salon.' }), async (body) => {
        const before = await counts();
        const res = await api.post(`/api/reviews/${review!.id}/reports`, body);
        await expectJsonAnswer(res);
        const after = await counts();
        if (res.status === 201) expect(after).toEqual({ ...before, reports: before.reports + 1 });
        else expect(after).toEqual(before);
      }),
      { numRuns: 100 },
    );
  });

  it('raw bodies: invalid JSON, non-objects and wrong content types get JSON errors', async () => {
    await fc.assert(
      fc.asyncProperty(rawBody, fc.constantFrom('/api/reviews', '/api/providers', `/api/reviews/${providerId}/reports`), async ({ text, type }, path) => {
        const before = await counts();
        const res = await api.post(path, text, { headers: { 'Content-Type': type } });
        const body = await expectJsonAnswer(res);
        expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
        expect(await counts()).toEqual(before);
      }),
      { numRuns: 100 },
    );
  });
});

describe('stored text', () => {
  /** A stored text field is either refused, or holds no forbidden character and some visible text. */
  const expectClean = (text: unknown) => {
    if (text === null) return;
    expect(String(text)).not.toMatch(FORBIDDEN);
    expect(String(text).replace(INVISIBLE, '').trim().length).toBeGreaterThan(0);
  };

  it('reviews with control, invisible and bidi characters in any field are refused, or stored clean', async () => {
    await fc.assert(
      fc.asyncProperty(trickyText, trickyText, async (customerName, comment) => {
        const before = await counts();
        const res = await api.post('/api/reviews', { providerId, customerName, rating: 3, comment });
        const body = (await expectJsonAnswer(res)) as { id?: string };
        // Text is trimmed first (JavaScript's trim also takes vertical tabs and form feeds at the ends).
        if (
          FORBIDDEN.test(customerName.trim()) ||
          FORBIDDEN.test(
            comment
              .trim()
              .replace(/\r/g, '\n')
              .replace(/[\n\t]/g, ''),
          )
        )
          expect(res.status).toBe(400);
        if (res.status >= 400) {
          expect(await counts()).toEqual(before);
          return;
        }
        const { rows } = await api.database.client.execute({ sql: 'SELECT customerName, comment FROM reviews WHERE id = ?', args: [body.id!] });
        expectClean(rows[0]!.customerName);
        expect(String(rows[0]!.customerName)).not.toMatch(/[\n\t]/);
        expectClean(rows[0]!.comment);
      }),
      { numRuns: 100 },
    );
  });

  it('listings with control, invisible and bidi characters in their text are refused, or stored clean', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(trickyText, trickyText, trickyText, async (name, city, service) => {
        const before = await counts();
        const res = await api.post('/api/providers', validListing({ name, city, address: `${n++} Tricky Lane`, services: JSON.stringify([service]) }));
        const body = (await expectJsonAnswer(res)) as { id?: string };
        if ([name, city, service].some((t) => FORBIDDEN.test(t.trim()) || /[\n\t]/.test(t.trim()))) expect(res.status).toBe(400);
        if (res.status !== 201) {
          expect(await counts()).toEqual(before);
          return;
        }
        const { rows } = await api.database.client.execute({ sql: 'SELECT name, city, services FROM providers WHERE id = ?', args: [body.id!] });
        expectClean(rows[0]!.name);
        expectClean(rows[0]!.city);
        for (const s of JSON.parse(String(rows[0]!.services)) as string[]) expectClean(s);
      }),
      { numRuns: 60 },
    );
  });
});

describe('search parameters', () => {
  it('any combination of values gets 200 with an array or 400 with a JSON error', async () => {
    const param = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.constantFrom('$$', '4.5', '-1', '1e9', 'NaN', '%', '"', '*', 'NEAR(', '\u0000'),
      fc.nat().map(String),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('query', 'q', 'service', 'location', 'priceRange', 'rating', 'limit', 'offset', 'other'), param, { maxKeys: 5 }),
        async (params) => {
          const res = await api.get(`/api/search?${new URLSearchParams(params)}`);
          const body = await expectJsonAnswer(res);
          if (res.status === 200) {
            expect(Array.isArray(body)).toBe(true);
            expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual((body as unknown as unknown[]).length);
          } else expect(res.status).toBe(400);
        },
      ),
      { numRuns: 250 },
    );
  });
});

describe('review list parameters', () => {
  it('any combination of values gets 200 with a page and its total, or 400 with a JSON error', async () => {
    const param = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('newest', 'highest', 'lowest', 'HIGHEST', '-1', '0', '501', '1e3', ''),
      fc.nat().map(String),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom('sort', 'limit', 'offset', 'other'), param, { maxKeys: 4 }), async (params) => {
        const res = await api.get(`/api/providers/${providerId}/reviews?${new URLSearchParams(params)}`);
        const body = await expectJsonAnswer(res);
        if (res.status === 200) expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual((body as unknown as unknown[]).length);
        else expect(res.status).toBe(400);
      }),
      { numRuns: 150 },
    );
  });
});

describe('after all of that', () => {
  it("every provider's rating and reviewCount still equal its reviews, and categories match services", async () => {
    const { rows } = await api.database.client.execute(`
      SELECT p.slug, p.rating, p.reviewCount, count(r.id) AS n, coalesce(round(avg(r.rating), 1), 0) AS mean
      FROM providers p LEFT JOIN reviews r ON r.providerId = p.id AND r.status = 'published' GROUP BY p.id`);
    for (const row of rows) {
      expect(row.reviewCount, String(row.slug)).toBe(row.n);
      expect(row.rating, String(row.slug)).toBe(row.mean);
    }
    const integrity = await api.database.client.execute('PRAGMA integrity_check');
    expect(integrity.rows[0]![0]).toBe('ok');
  });
});
