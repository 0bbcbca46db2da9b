/**
 * The OpenAPI document (docs/api.md): valid OpenAPI 3.1, every function path and method in it, its
 * examples valid against their schemas, and the API conforming to it: real requests to the real
 * functions, each answer's status declared and its body (and X-Total-Count) valid against the
 * document's schema for that path, method and status (JSON Schema 2020-12, ajv).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { glowOpenApiDocument } from '../../src/openapi/glowApi.server';
import { loadFunctionRoutes, type FunctionModule } from '../../src/local-server/functionRoutes';
import { startApi, validListing, type TestApi } from '../helpers/api';
import { startSmtp, type TestMailbox } from '../helpers/smtp';
import { env } from '../../src/env.server';

interface MediaType {
  schema: object;
  example?: unknown;
}
interface Response {
  headers?: Record<string, { schema: object; required?: boolean }>;
  content?: Record<string, MediaType>;
}
interface Operation {
  parameters?: { name: string; schema: object; example?: unknown }[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, Response>;
}
type Paths = Record<string, Record<string, Operation>>;

const document = glowOpenApiDocument();
let paths: Paths;
let api: TestApi;
const ajv = new Ajv2020({ allErrors: true, strict: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const validators = new Map<object, ValidateFunction>();
const validatorOf = (schema: object) => validators.get(schema) ?? validators.set(schema, ajv.compile(schema)).get(schema)!;

beforeAll(async () => {
  // Dereferenced: every $ref replaced by what it names, so a response's schema is self-contained.
  paths = (await SwaggerParser.dereference(structuredClone(document) as never)).paths as unknown as Paths;
  api = await startApi();
});
afterAll(() => api.close());

/** The errors of `value` against `schema`, as readable lines (empty when valid). */
function problems(schema: object, value: unknown): string[] {
  const validate = validatorOf(schema);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
}

/** Checks a real response against the document: status declared, body and declared headers valid. */
async function conforms(res: globalThis.Response, method: string, path: string): Promise<unknown> {
  const operation = paths[path]?.[method];
  expect(operation, `${method.toUpperCase()} ${path} is not in the document`).toBeDefined();
  const declared = operation!.responses[String(res.status)];
  expect(declared, `${method.toUpperCase()} ${path} answered ${res.status}, which the document does not declare`).toBeDefined();
  const body = (await res.json()) as unknown;
  const schema = declared!.content?.['application/json']?.schema;
  expect(schema, `no JSON schema for ${res.status}`).toBeDefined();
  expect(problems(schema!, body), `${method.toUpperCase()} ${path} ${res.status} body`).toEqual([]);
  for (const [name, header] of Object.entries(declared!.headers ?? {})) {
    const text = res.headers.get(name);
    if (text === null && header.required === false) continue;
    expect(text, `${name} header of ${res.status}`).not.toBeNull();
    // Header values are text: a number where the schema declares one ("60614" is a place's name).
    const value = /^\d+$/.test(text!) && (header.schema as { type?: string }).type === 'integer' ? Number(text) : text;
    expect(problems(header.schema, value), `${name}: ${text}`).toEqual([]);
  }
  return body;
}

/** Posts the same body twice, expecting the given statuses; both answers must conform. */
async function postTwice(path: string, body: unknown, statuses: [number, number]) {
  for (const status of statuses) {
    const res = await api.post(path, body);
    expect(res.status, `POST ${path}`).toBe(status);
    await conforms(res, 'post', path);
  }
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const validated = await SwaggerParser.validate(structuredClone(document) as never);
    expect((validated as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('is served at /api/openapi.json, as built', async () => {
    const res = await api.get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await conforms(res, 'get', '/api/openapi.json')).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('is the copy in docs/openapi.json (`npm run openapi` writes it)', () => {
    expect(JSON.parse(readFileSync(join(process.cwd(), 'docs', 'openapi.json'), 'utf8'))).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('describes every function path with the methods it answers', async () => {
    const routes = await loadFunctionRoutes((file) => import(file) as Promise<FunctionModule>);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      expect(Object.keys(paths), `${route.path} is missing from the document`).toContain(path);
      // The function says which methods it answers (Allow on OPTIONS); each but HEAD/OPTIONS is documented.
      const allow = (await api.get(path.replace(/\{(\w+)\}/g, 'x'), { method: 'OPTIONS' })).headers.get('allow') ?? '';
      const methods = allow
        .split(', ')
        .filter((m) => !['HEAD', 'OPTIONS'].includes(m))
        .map((m) => m.toLowerCase());
      expect(Object.keys(paths[path]!).sort(), path).toEqual(methods.sort());
    }
  });

  it('documents every parameter and field, and every example is valid against its schema', () => {
    let examples = 0;
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${path}`;
        for (const p of operation.parameters ?? []) {
          expect((p as { description?: string }).description, `${where} parameter ${p.name}: no description`).toBeTruthy();
          if (p.example !== undefined) {
            examples++;
            expect(problems(p.schema, p.example), `${where} ${p.name} example`).toEqual([]);
          }
        }
        const media = [
          ...Object.values(operation.requestBody?.content ?? {}),
          ...Object.values(operation.responses).flatMap((r) => Object.values(r.content ?? {})),
        ];
        for (const { schema, example } of media) {
          expect(example, `${where}: a body without an example`).toBeDefined();
          examples++;
          expect(problems(schema, example), `${where} example`).toEqual([]);
        }
      }
    }
    expect(examples).toBeGreaterThan(20);
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      for (const [field, property] of Object.entries((schema as { properties?: Record<string, { description?: string }> }).properties ?? {})) {
        expect(property.description, `${name}.${field} has no description`).toBeTruthy();
      }
    }
  });
});

describe('the API conforms to the document', () => {
  it('lists providers (200, X-Total-Count)', async () => {
    const res = await api.get('/api/providers?limit=5&offset=2');
    expect(res.status).toBe(200);
    expect(await conforms(res, 'get', '/api/providers')).toHaveLength(5);
  });

  it('searches with every parameter', async () => {
    for (const query of [
      'service=Nail%20Salon&location=New%20York&priceRange=%24%24&rating=4&limit=3&offset=0',
      'q=hair&location=CA',
      'query=gel&limit=2',
      'location=zzzz-nowhere',
      'location=Chicgo&sort=distance&openNow=false',
      'near=41.88,-87.63&radius=10&sort=rating',
      'service=Nail%20Salon&sort=reviews&openNow=true',
      'location=60614&sort=distance',
      'service=Nail%20Salon&location=Evanston%2C%20IL',
      'location=Cook%20County%2C%20IL',
      'location=Illinois',
      'location=Bismarck%2C%20ND',
    ]) {
      const res = await api.get(`/api/search?${query}`);
      expect(res.status, query).toBe(200);
      await conforms(res, 'get', '/api/search');
    }
  });

  it('suggests locations and services', async () => {
    const res = await api.get('/api/suggest?q=chic');
    expect(res.status).toBe(200);
    const body = (await conforms(res, 'get', '/api/suggest')) as { locations: unknown[] };
    expect(body.locations[0]).toEqual({ label: 'Chicago, IL', value: 'Chicago, IL' });
  });

  it('reads a provider by slug and its reviews, and posts a review (201, then 200 for the same again)', async () => {
    const [first] = (await (await api.get('/api/providers?limit=1')).json()) as { id: string; slug: string }[];
    expect(first).toBeDefined();
    const bySlug = await api.get(`/api/providers/by-slug/${first!.slug}`);
    expect(bySlug.status).toBe(200);
    expect(await conforms(bySlug, 'get', '/api/providers/by-slug/{slug}')).toMatchObject({ id: first!.id });
    const reviews = await api.get(`/api/providers/${first!.id}/reviews`);
    expect(reviews.status).toBe(200);
    expect(((await conforms(reviews, 'get', '/api/providers/{id}/reviews')) as unknown[]).length).toBeGreaterThan(0);

    const review = { providerId: first!.id, customerName: 'Conformance Check', rating: 4, comment: 'Checked against the OpenAPI document.' };
    await postTwice('/api/reviews', review, [201, 200]);
  });

  it('lists a business (201), and answers 409 for the same again', async () => {
    await postTwice('/api/providers', validListing({ name: 'Conformance Nail Lab', slug: 'conformance-nail-lab' }), [201, 409]);
  });

  it('answers errors in the declared shape: 400, 404, 405, 413, 415', async () => {
    const cases: [string, () => Promise<globalThis.Response>, number, string, string][] = [
      ['bad rating', () => api.get('/api/search?rating=9'), 400, 'get', '/api/search'],
      ['bad limit', () => api.get('/api/providers?limit=0'), 400, 'get', '/api/providers'],
      ['invalid review', () => api.post('/api/reviews', { providerId: 'x', customerName: '', rating: 0 }), 400, 'post', '/api/reviews'],
      ['malformed JSON', () => api.post('/api/providers', '{"name":'), 400, 'post', '/api/providers'],
      ['unknown slug', () => api.get('/api/providers/by-slug/nobody-here'), 404, 'get', '/api/providers/by-slug/{slug}'],
      ['reviews of an unknown provider', () => api.get('/api/providers/nobody/reviews'), 404, 'get', '/api/providers/{id}/reviews'],
      ['review of an unknown provider', () => api.post('/api/reviews', { providerId: 'nobody', customerName: 'A', rating: 3 }), 404, 'post', '/api/reviews'],
      ['DELETE', () => api.get('/api/providers', { method: 'DELETE' }), 405, 'get', '/api/providers'],
      ['POST to the document', () => api.post('/api/openapi.json', {}), 405, 'get', '/api/openapi.json'],
      ['oversize body', () => api.post('/api/reviews', { comment: 'x'.repeat(70 * 1024) }), 413, 'post', '/api/reviews'],
      [
        'form body',
        () => api.post('/api/providers', 'name=x', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }),
        415,
        'post',
        '/api/providers',
      ],
    ];
    for (const [what, request, status, method, path] of cases) {
      const res = await request();
      expect(res.status, what).toBe(status);
      // A 405 is declared on the path's documented operations; check it against one of them.
      const body = (await conforms(res, method, path)) as { issues: unknown[] };
      if (status === 400 && what !== 'malformed JSON') expect(body.issues.length, what).toBeGreaterThan(0);
    }
  });
});

describe('the owner calls conform to the document', () => {
  let mail: TestMailbox;
  beforeAll(async () => {
    mail = await startSmtp();
    process.env.SMTP_URL = mail.url;
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    await mail.close();
  });

  it('asks for a code (202), signs in (200), reads the session (200), signs out (204), and answers 400, 401, 403 as declared', async () => {
    const [first] = (await (await api.get('/api/providers?limit=1')).json()) as { id: string; email: string }[];
    // npm start answers on SITE_URL's origin whatever the Host (docs/security.md "Requests").
    const headers = { Origin: new URL(env().SITE_URL).origin };
    const code = await api.post(
      '/api/owners/code',
      { email: first!.email, providerId: first!.id },
      { headers: { ...headers, 'Content-Type': 'application/json' } },
    );
    expect(code.status).toBe(202);
    await conforms(code, 'post', '/api/owners/code');
    const signIn = await api.post(
      '/api/owners/sign-in',
      { email: first!.email, code: await mail.code(first!.email), providerId: first!.id },
      { headers: { ...headers, 'Content-Type': 'application/json' } },
    );
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    await conforms(signIn, 'post', '/api/owners/sign-in');
    const session = await api.get('/api/owners/session', { headers: { Cookie: cookie } });
    expect(session.status).toBe(200);
    await conforms(session, 'get', '/api/owners/session');
    const out = await api.get('/api/owners/session', { method: 'DELETE', headers: { ...headers, Cookie: cookie } });
    expect(out.status).toBe(204);
    expect(paths['/api/owners/session']!.delete!.responses['204']).toBeDefined();

    const refused: [() => Promise<globalThis.Response>, number, string, string][] = [
      [() => api.get('/api/owners/session'), 401, 'get', '/api/owners/session'],
      [
        () => api.post('/api/owners/code', { email: first!.email }, { headers: { Origin: 'https://evil.example.net', 'Content-Type': 'application/json' } }),
        403,
        'post',
        '/api/owners/code',
      ],
      [
        () => api.post('/api/owners/sign-in', { email: first!.email, code: '12' }, { headers: { ...headers, 'Content-Type': 'application/json' } }),
        400,
        'post',
        '/api/owners/sign-in',
      ],
    ];
    for (const [request, status, method, path] of refused) {
      const res = await request();
      expect(res.status, `${method} ${path}`).toBe(status);
      await conforms(res, method, path);
    }
  });
});
