/**
 * Listing fields validated as what they are (issue "Hardening", docs/security.md "Listing fields"):
 * a US state or DC code, a ZIP code, a US phone (stored formatted), an http(s) website without
 * credentials (shown by its host), never a UUID-shaped slug, and names put into the FAQ literally.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerFaq, type ProviderFaqTemplates } from '../../src/features/content/providerPage';
import { isUuidLike } from '../../src/features/providers/slugify';
import { websiteHost } from '../../src/features/providers/website';
import { exampleProvider } from '../../src/openapi/examples';
import { errorOf, startApi, validListing, type TestApi } from '../helpers/api';

let api: TestApi;
let n = 0;
beforeAll(async () => {
  api = await startApi({ seed: false });
});
afterAll(() => api.close());

/** A listing of its own each time (another name, address and phone), with the given fields. */
const listing = (fields: Record<string, unknown>) =>
  validListing({ name: `Field Test Salon ${++n}`, slug: undefined, address: `${n} Field Row`, phone: `(208) 555-01${String(n).padStart(2, '0')}`, ...fields });
const providers = async () => Number((await api.database.client.execute('SELECT count(*) AS n FROM providers')).rows[0]!.n);

describe('refused', () => {
  it('the values of the report: state XX, ZIP ABCDE, phone "call me maybe!!", a website with credentials, a zero-width name', async () => {
    const before = await providers();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ state: 'XX' }, 'state', 'State must be a US state or DC code, like TX'],
      [{ state: 'PR1' }, 'state', 'State must be a US state or DC code, like TX'],
      [{ zipCode: 'ABCDE' }, 'zipCode', 'Enter a 5-digit ZIP code'],
      [{ zipCode: '1234' }, 'zipCode', 'Enter a 5-digit ZIP code'],
      [{ zipCode: '752081' }, 'zipCode', 'Enter a 5-digit ZIP code'],
      [{ phone: 'call me maybe!!' }, 'phone', 'Please enter a valid phone number'],
      [{ phone: '(123) 555-0100' }, 'phone', 'Please enter a valid phone number'],
      [{ phone: '555-0100' }, 'phone', 'Please enter a valid phone number'],
      [{ website: 'https://glow.example.com@evil.example/' }, 'website', 'Website must not contain a user name or password'],
      [{ website: 'https://user:pass@salon.example.com/' }, 'website', 'Website must not contain a user name or password'],
      [{ website: 'javascript:alert(1)' }, 'website', 'Please enter a valid website URL'],
      [{ name: '\u200B' }, 'name', 'Business name must contain visible text'],
    ];
    for (const [fields, path, message] of cases) {
      const res = await api.post('/api/providers', listing(fields));
      expect(res.status, JSON.stringify(fields)).toBe(400);
      const body = await errorOf(res);
      expect(body.issues.map((i) => i.path)).toContain(path);
      expect(body.issues.map((i) => i.message)).toContain(message);
    }
    expect(await providers()).toBe(before);
  });
});

describe('accepted and normalised', () => {
  it('a lower-case state or DC, a ZIP+4 and a phone typed any usual way, stored formatted', async () => {
    const res = await api.post('/api/providers', listing({ state: 'dc', city: 'Washington', zipCode: '20001-1234', phone: '+1 202.555.0147' }));
    expect(res.status).toBe(201);
    const created = (await res.json()) as { state: string; zipCode: string; phone: string };
    expect(created).toMatchObject({ state: 'DC', zipCode: '20001-1234', phone: '(202) 555-0147' });
  });

  it('a website is shown by the host it opens', () => {
    expect(websiteHost('https://www.salon.example.com/book?x=1')).toBe('www.salon.example.com');
    expect(websiteHost('https://glow.example.com@evil.example/')).toBeNull();
    expect(websiteHost('javascript:alert(1)')).toBeNull();
    expect(websiteHost(null)).toBeNull();
  });

  it('a UUID-shaped name or slug never becomes a UUID-shaped slug; the page is reachable by it', async () => {
    const uuid = '3f1c2a9e-5b7d-5c1a-a2e4-9d8b7c6a5f40';
    for (const fields of [{ name: uuid }, { slug: uuid }]) {
      const res = await api.post('/api/providers', listing({ ...fields, city: 'Boise' }));
      expect(res.status).toBe(201);
      const { slug } = (await res.json()) as { slug: string };
      expect(isUuidLike(slug), slug).toBe(false);
      expect((await api.get(`/api/providers/by-slug/${slug}`)).status).toBe(200);
    }
  });
});

describe('FAQ templates', () => {
  it('substitute names literally: "$&", "$`" and "$\'" stay as typed', () => {
    const templates = JSON.parse(readFileSync('content/faq/provider.json', 'utf8')) as ProviderFaqTemplates;
    const name = "Nails $& Co $` and $' more";
    const faq = providerFaq({ ...exampleProvider, name, city: 'Dallas $&' }, templates);
    const text = faq.map((f) => `${f.question} ${f.answer}`).join(' ');
    expect(text).toContain(name);
    expect(text).not.toContain('{name}');
    expect(text).not.toContain('Nails {name}');
    expect(text.split(name).length - 1).toBeGreaterThan(0);
  });
});
