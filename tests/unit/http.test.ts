/**
 * The shared function plumbing of src/server/http.ts on Web Request objects, without a server:
 * validation errors as the API's error shape (docs/openapi.json), body limits, method dispatch and error mapping.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../src/config';
import { ConflictError, NotFoundError, OverBudgetError } from '../../src/lib/errors';
// Classic zod builds the fixture schema; validationError takes any zod error (classic or mini).
import { z } from 'zod';
import {
  API_HEADERS,
  HttpError,
  json,
  jsonText,
  page,
  parseWith,
  pathParam,
  readBodyBytes,
  readJsonObject,
  rejectHoneypot,
  route,
  validationError,
} from '../../src/server/http';

const schema = z.object({
  name: z.string().min(1, 'Name is required.'),
  email: z.string().email('Email must be a valid address'),
  address: z.object({ zip: z.string().regex(/^\d{5}$/, 'ZIP code must be 5 digits') }),
  tags: z.array(z.string().max(3, 'Each tag must be at most 3 characters')),
});

function failure(input: unknown): z.ZodError {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return result.error;
}

describe('validationError', () => {
  it('is a 400 whose sentence names every problem once, with one full stop between them', () => {
    const error = validationError(failure({ name: '', email: 'x', address: { zip: '1' }, tags: ['long', 'longer'] }));
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Name is required. Email must be a valid address. ZIP code must be 5 digits. Each tag must be at most 3 characters');
  });

  it('lists each issue with its dotted path', () => {
    const error = validationError(failure({ name: 'A', email: 'a@b.example.com', address: { zip: 'x' }, tags: ['ok', 'long'] }));
    expect(error.issues).toEqual([
      { path: 'address.zip', message: 'ZIP code must be 5 digits' },
      { path: 'tags.1', message: 'Each tag must be at most 3 characters' },
    ]);
  });

  it('says "Invalid request" when zod gives no message', () => {
    expect(validationError(new z.ZodError([])).message).toBe('Invalid request');
  });
});

describe('parseWith', () => {
  it('returns the parsed value, or throws the 400', () => {
    expect(parseWith(z.coerce.number(), '5')).toBe(5);
    expect(() => parseWith(schema, {})).toThrow(HttpError);
  });
});

const post = (body: BodyInit | null, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
  new Request('http://localhost/api/x', { method: 'POST', body, headers });

/** The HttpError a call rejects with. */
async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}

describe('readJsonObject', () => {
  it('reads a JSON object, also under a +json type', async () => {
    expect(await readJsonObject(post('{"a":1}'))).toEqual({ a: 1 });
    expect(await readJsonObject(post('{"a":1}', { 'Content-Type': 'application/merge-patch+json' }))).toEqual({ a: 1 });
  });

  it('refuses other content types (415), malformed JSON and non-objects (400)', async () => {
    expect((await rejection(readJsonObject(post('a=1', { 'Content-Type': 'application/x-www-form-urlencoded' })))).status).toBe(415);
    expect((await rejection(readJsonObject(post('{')))).message).toBe('Request body is not valid JSON');
    expect((await rejection(readJsonObject(post(new Uint8Array([0x22, 0xff, 0x22]))))).message).toBe('Request body is not valid JSON');
    expect((await rejection(readJsonObject(post(null)))).message).toBe('Request body is not valid JSON');
    for (const body of ['[]', 'null', '1']) expect((await rejection(readJsonObject(post(body)))).message).toBe('Request body must be a JSON object');
  });

  it('refuses a body over the limit (413), whether declared or streamed', async () => {
    const big = `{"a":"${'x'.repeat(LIMITS.maxBodyBytes)}"}`;
    const declared = post('{}', { 'Content-Type': 'application/json', 'Content-Length': String(LIMITS.maxBodyBytes + 1) });
    expect((await rejection(readJsonObject(declared))).status).toBe(413);
    expect((await rejection(readJsonObject(post(big)))).status).toBe(413);
  });
});

describe('rejectHoneypot', () => {
  afterEach(() => vi.restoreAllMocks());
  it('passes an empty honeypot and refuses a filled one', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => rejectHoneypot({ fax: '' }, 'reviews')).not.toThrow();
    expect(() => rejectHoneypot({ fax: '555' }, 'reviews')).toThrow('This submission was not accepted.');
  });
});

describe('route', () => {
  afterEach(() => vi.restoreAllMocks());
  const context = { params: {}, ip: '' };
  const call = (handler: () => Promise<Response>, method = 'GET') => route({ GET: handler })(new Request('http://localhost/api/x', { method }), context);
  const bodyOf = async (res: Response) => (await res.json()) as { error: string; issues: unknown[] };

  it('answers OPTIONS with Allow, HEAD without a body, and other methods with 405', async () => {
    const ok = async () => new Response('hi');
    expect((await call(ok, 'OPTIONS')).headers.get('Allow')).toBe('GET, HEAD, OPTIONS');
    const head = await call(ok, 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const wrong = await call(ok, 'DELETE');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('Allow')).toBe('GET, HEAD, OPTIONS');
    expect((await bodyOf(wrong)).error).toBe('Method DELETE is not allowed here; use GET, HEAD, OPTIONS');
  });

  it('maps errors to statuses with the JSON error shape and the API headers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const cases: [unknown, number][] = [
      [new HttpError(418, 'Teapot'), 418],
      [failure({}), 400],
      [new NotFoundError('Provider not found'), 404],
      [new ConflictError('Already listed'), 409],
      [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8080'), { code: 'ECONNREFUSED' }), 503],
      [new Error('SQLITE_BUSY: database is locked'), 503],
      [new TypeError('x is not a function'), 500],
    ];
    for (const [error, status] of cases) {
      const res = await call(async () => {
        throw error;
      });
      expect(res.status, String(error)).toBe(status);
      expect(res.headers.get('Content-Security-Policy')).toBe(API_HEADERS['Content-Security-Policy']);
      const body = await bodyOf(res);
      expect(typeof body.error).toBe('string');
      expect(Array.isArray(body.issues)).toBe(true);
    }
  });

  it('answers work stopped at its time budget with 503 and its Retry-After', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await call(async () => {
      throw new OverBudgetError('This search took too long. Please try again in a few seconds.', 5);
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('5');
    expect((await bodyOf(res)).error).toBe('This search took too long. Please try again in a few seconds.');
  });

  it('never shows an unexpected error to the client', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await call(async () => {
      throw new Error('secret internals');
    });
    expect((await bodyOf(res)).error).toBe('Something went wrong on our side. Please try again later.');
  });
});

describe('page', () => {
  it('puts the total in X-Total-Count and exposes it', async () => {
    const res = page([1, 2], 7);
    expect(res.headers.get('X-Total-Count')).toBe('7');
    expect(res.headers.get('Access-Control-Expose-Headers')).toBe('X-Total-Count, X-Total-Count-Capped');
    expect(await res.json()).toEqual([1, 2]);
  });
});

describe('jsonText', () => {
  it('gives the body of a json() response as text, and nothing for other responses', async () => {
    const res = json({ a: 1 }, 201);
    expect(jsonText(res)).toBe('{"a":1}');
    expect(await res.text()).toBe(jsonText(res));
    expect(jsonText(new Response('{"a":1}'))).toBeUndefined();
  });
});

describe('readBodyBytes', () => {
  const upload = (body: BodyInit | null, headers: Record<string, string> = {}) =>
    new Request('http://localhost/api/x', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

  it('reads the whole body as bytes, and an absent body as none', async () => {
    const bytes = await readBodyBytes(upload(new Uint8Array([1, 2, 3, 255])), 10, 'Too large');
    expect([...bytes]).toEqual([1, 2, 3, 255]);
    expect((await readBodyBytes(upload(null), 10, 'Too large')).length).toBe(0);
  });

  it('refuses a body over the limit with 413, from its declared length before reading, or as it streams', async () => {
    await expect(readBodyBytes(upload('x'.repeat(5), { 'content-length': '500' }), 10, 'The photo is too large')).rejects.toMatchObject({
      status: 413,
      message: 'The photo is too large',
    });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 4; i++) controller.enqueue(new Uint8Array(4));
        controller.close();
      },
    });
    await expect(readBodyBytes(upload(stream), 10, 'The photo is too large')).rejects.toMatchObject({ status: 413 });
  });
});

describe('pathParam', () => {
  it('percent-decodes a path parameter, and answers bad percent-encoding with a 400', () => {
    expect(pathParam({ slug: 'caf%C3%A9-nails' }, 'slug')).toBe('café-nails');
    expect(pathParam({}, 'slug')).toBe('');
    expect(() => pathParam({ slug: '%E0%A4%A' }, 'slug')).toThrow(
      expect.objectContaining({ status: 400, message: 'The address has invalid percent-encoding' }),
    );
  });
});
