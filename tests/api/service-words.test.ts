/**
 * A `service` that is no category is matched in the services column (docs/search.md "Filters"): its
 * long words stand for the words of services alone (vocabulary kind `serviceWord`, migrations/0039),
 * not for words only descriptions hold, and a new listing is found by the words of its own services.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vetListing } from '../../src/features/listings/listings.server';
import { textMatch } from '../../src/features/search/textMatch.server';
import { startApi, validListing, type TestApi } from '../helpers/api';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const slugs = async (query: string) => ((await (await api.get(`/api/search?${query}`)).json()) as { slug: string }[]).map((p) => p.slug);
const expression = async (text: string, column?: 'services') => {
  const match = await textMatch(api.database, text, column);
  if (!match) throw new Error(`no expression for ${text}`);
  return match.expression;
};

describe('service words', () => {
  it('a service word stands for the words of services, not for a word only descriptions have', async () => {
    const res = await api.post(
      '/api/providers',
      validListing({
        name: 'Juniper Skin Atelier',
        services: JSON.stringify(['Skin Consultation']),
        description: 'Unhurried skin consultations and facials in a quiet studio, by appointment only.',
      }),
    );
    expect(res.status).toBe(201);
    const listing = (await res.json()) as { id: string; slug: string };
    expect(await vetListing(api.database, listing.id, 'test')).toBe(true);

    // Every column: both words of the data. The services column: the service's word alone.
    expect(await expression('consultation')).toMatch(/"consultations"/);
    const inServices = await expression('consultation', 'services');
    expect(inServices).toMatch(/"consultation"/);
    expect(inServices).not.toMatch(/"consultations"/);
    expect(await slugs('service=Consultation')).toContain(listing.slug);
    // A word only a description has finds nothing as a service, and the search says so.
    expect(await slugs('service=Consultations')).toEqual([]);
  });

  it("a listing not yet vetted is found by its own services' words, which the vocabulary does not hold yet", async () => {
    const res = await api.post('/api/providers', validListing({ name: 'Quillon Brow Room', services: JSON.stringify(['Browsculpting Session']) }));
    expect(res.status).toBe(201);
    const listing = (await res.json()) as { id: string; slug: string };
    const vocabulary = await api.database.client.execute("SELECT term FROM search_terms WHERE term LIKE 'browsculpt%'");
    expect(vocabulary.rows).toEqual([]);
    expect(await slugs('service=Browsculpting')).toEqual([listing.slug]);
    expect(await slugs('service=Browsculpt+Session')).toEqual([listing.slug]);
  });

  it('a short word of a service stands for the few words of services it starts, unless it is one of them; the same providers as its prefix', async () => {
    const res = await api.post(
      '/api/providers',
      validListing({
        name: 'Wrenfield Paraffin Parlour',
        services: JSON.stringify(['Paraffin Wax Hands', 'Dip Powder']),
        description: 'Paraffin hand treatments, pampering pedicures and dip powder in a calm parlour.',
      }),
    );
    expect(res.status).toBe(201);
    const listing = (await res.json()) as { id: string; slug: string };
    expect(await vetListing(api.database, listing.id, 'test')).toBe(true);
    const services = await api.database.client.execute("SELECT DISTINCT term FROM search_terms WHERE kind = 'serviceWord' AND term >= 'par' AND term < 'pas'");
    const words = services.rows.map((r) => String(r.term));
    expect(words).toContain('paraffin');
    expect(words).not.toContain('par');
    // In the services column "par" is its service words, each exact; every column keeps the prefix.
    const inServices = await expression('par', 'services');
    expect(inServices).not.toMatch(/"par"\*/);
    for (const word of words) expect(inServices).toContain(`"${word}"`);
    expect(await expression('par')).toMatch(/"par"\*/);
    // "dip" is a word of services itself: its prefix stays.
    expect(await expression('dip', 'services')).toMatch(/"dip"\*/);
    // The same providers as the prefix read in the services column (descriptions' "parlour" and
    // "pampering" are in no service, so they add nobody).
    const byPrefix = await api.database.client.execute({
      sql: 'SELECT p.slug FROM providers_fts f JOIN providers p ON p.seq = f.rowid WHERE providers_fts MATCH \'services : ("par"*)\' AND p.isHidden = 0',
      args: [],
    });
    const expected = byPrefix.rows.map((r) => String(r.slug)).sort();
    expect(expected).toContain(listing.slug);
    const found = ((await (await api.get('/api/search?service=par&limit=100')).json()) as { slug: string }[]).map((p) => p.slug).sort();
    expect(found).toEqual(expected);
  });

  it("a short word that starts no word of services matches nothing there, as a long word: its prefix, every column's, is not read", async () => {
    const res = await api.post(
      '/api/providers',
      validListing({ name: 'Calmwater Nail Loft', services: JSON.stringify(['Gel Manicure']), description: 'Calm gel manicures by the river.' }),
    );
    expect(res.status).toBe(201);
    const listing = (await res.json()) as { id: string; slug: string };
    expect(await vetListing(api.database, listing.id, 'test')).toBe(true);
    const services = await api.database.client.execute("SELECT term FROM search_terms WHERE kind = 'serviceWord' AND term >= 'calm' AND term < 'caln'");
    expect(services.rows).toEqual([]);
    // Every column: the prefix finds the listing's name and description.
    expect(await expression('calm')).toMatch(/"calm"\*/);
    expect(await slugs('query=calm')).toContain(listing.slug);
    // The services column: nothing, as the prefix read there finds.
    expect(await textMatch(api.database, 'calm', 'services')).toBe(false);
    const byPrefix = await api.database.client.execute('SELECT count(*) AS n FROM providers_fts WHERE providers_fts MATCH \'services : ("calm"*)\'');
    expect(Number(byPrefix.rows[0]!.n)).toBe(0);
    expect(await slugs('service=calm')).toEqual([]);

    // A name its owner added that waits for an operator (written as an owner's edit writes it:
    // listingEdits.server.ts, serviceRequests.server.ts) is in no vocabulary, yet found at once.
    await api.database.client.batch(
      [
        {
          sql: 'UPDATE providers SET services = ?, vocabServices = ? WHERE id = ?',
          args: [JSON.stringify(['Gel Manicure', 'Calmness Ritual']), JSON.stringify(['Gel Manicure']), listing.id],
        },
        {
          sql: 'INSERT INTO service_requests (service, providerId, label, createdAt) VALUES (?, ?, ?, ?)',
          args: ['calmness ritual', listing.id, 'Calmness Ritual', new Date().toISOString()],
        },
      ],
      'write',
    );
    expect(await expression('calm', 'services')).toMatch(/"calm"\*/);
    expect(await slugs('service=calm')).toEqual([listing.slug]);
    // A long word stands for the waiting name's words too, in the services column and in every column.
    expect(await expression('calmness', 'services')).toMatch(/"calmness"/);
    expect(await slugs('service=calmness')).toEqual([listing.slug]);
    expect(await slugs('service=calmness ritual')).toEqual([listing.slug]);
    expect(await slugs('query=calmness')).toEqual([listing.slug]);
  });
});
