/**
 * Owners' facets (docs/facets.md) over real HTTP, with codes read from a real SMTP server, over a
 * file and over sqld: the owner saves what is true and the provider API shows it at the next
 * request; the save is audited; identity labels are the verified owner's alone; no session,
 * another owner, another Origin and bad input change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type TestApi } from '../helpers/api';
import { type SignedInOwner, signInOwner, startOwnerApi } from '../helpers/owners';
import type { TestMailbox } from '../helpers/smtp';
import { facetBits, IDENTITY_REFUSED } from '../../src/features/facets';

let api: TestApi;
let mail: TestMailbox;
let stop: (() => Promise<void>) | undefined;
let owner: SignedInOwner;
let other: SignedInOwner;
let mine: { id: string; slug: string };
let theirs: { id: string; slug: string };

beforeAll(async () => {
  ({ api, mail, stop } = await startOwnerApi());
  const rows = await api.database.db
    .selectFrom('providers')
    .select(['id', 'slug', 'email'])
    .where('email', 'is not', null)
    .where('vetted_at', 'is not', null)
    .orderBy('slug')
    .limit(2)
    .execute();
  [mine, theirs] = rows as (typeof mine)[];
  owner = await signInOwner(api, mail, api.base, rows[0]!.email!, rows[0]!.id);
  other = await signInOwner(api, mail, api.base, rows[1]!.email!, rows[1]!.id);
});
afterAll(async () => {
  await stop?.();
});

const url = (id: string) => `${api.base}/api/owners/listings/${id}/facets`;
const put = (id: string, body: unknown, headers: Record<string, string>) =>
  fetch(url(id), { method: 'PUT', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
const stored = async (id: string) =>
  Number((await api.database.db.selectFrom('providers').select('facets').where('id', '=', id).executeTakeFirstOrThrow()).facets);
const publicFacets = async (slug: string) => ((await (await api.get(`/api/providers/by-slug/${slug}`)).json()) as { facets: Record<string, string[]> }).facets;

const TRUE_OF_IT = {
  walkIns: ['both'],
  access: ['stepFree', 'restroom'],
  languages: ['en', 'vi'],
  payments: ['cards'],
  kids: [],
  parking: ['street'],
  identity: [],
};

describe('an owner saving facets', () => {
  it('saves what is true, shows it in the provider API at the next request and audits the change', async () => {
    const res = await put(mine.id, TRUE_OF_IT, owner.headers);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ facets: TRUE_OF_IT, identityAllowed: true });
    expect(await publicFacets(mine.slug)).toEqual(TRUE_OF_IT);
    const audit = await api.database.db
      .selectFrom('owner_audit')
      .selectAll()
      .where('providerId', '=', mine.id)
      .where('action', '=', 'edit')
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.actor).toBe(owner.email);
    expect(JSON.parse(audit.after!)).toEqual({ facets: TRUE_OF_IT });
  });

  it('reads them back for the dashboard, and an empty list unsets a group', async () => {
    const got = await fetch(url(mine.id), { headers: { Cookie: owner.cookie } });
    expect(got.status).toBe(200);
    expect(((await got.json()) as { facets: unknown }).facets).toEqual(TRUE_OF_IT);
    const res = await put(mine.id, { ...TRUE_OF_IT, access: [] }, owner.headers);
    expect(res.status).toBe(200);
    expect((await publicFacets(mine.slug)).access).toEqual([]);
  });

  it('lets the owner of a verified listing set identity labels', async () => {
    const res = await put(mine.id, { ...TRUE_OF_IT, identity: ['women', 'asian'] }, owner.headers);
    expect(res.status).toBe(200);
    expect((await publicFacets(mine.slug)).identity).toEqual(['asian', 'women']);
  });

  it('refuses identity labels on a listing not yet verified (403) and changes nothing', async () => {
    await api.database.db.updateTable('providers').set({ vetted_at: null, vetted_by: null }).where('id', '=', theirs.id).execute();
    try {
      const before = await stored(theirs.id);
      const res = await put(theirs.id, { ...TRUE_OF_IT, identity: ['black'] }, other.headers);
      expect(res.status).toBe(403);
      expect((await errorOf(res)).error).toBe(IDENTITY_REFUSED);
      expect(await stored(theirs.id)).toBe(before);
      // Everything else it may still say.
      const ok = await put(theirs.id, TRUE_OF_IT, other.headers);
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { identityAllowed: boolean }).identityAllowed).toBe(false);
    } finally {
      await api.database.db.updateTable('providers').set({ vetted_at: new Date().toISOString(), vetted_by: 'seed' }).where('id', '=', theirs.id).execute();
    }
  });
});

describe('what no one else can do', () => {
  const LABELS = { ...TRUE_OF_IT, identity: ['veteran'] };

  it('refuses a save without a session (401), from another owner (403) and from another Origin or none (403)', async () => {
    const before = await stored(mine.id);
    expect((await put(mine.id, LABELS, { Origin: api.base })).status).toBe(401);
    expect((await put(mine.id, LABELS, other.headers)).status).toBe(403);
    expect((await put(mine.id, LABELS, { ...owner.headers, Origin: 'https://evil.example.com' })).status).toBe(403);
    const { Origin: _, ...noOrigin } = owner.headers;
    expect((await put(mine.id, LABELS, noOrigin)).status).toBe(403);
    expect((await fetch(url(mine.id))).status).toBe(401);
    expect((await fetch(url(mine.id), { headers: { Cookie: other.cookie } })).status).toBe(403);
    expect(await stored(mine.id)).toBe(before);
  });

  it('refuses unknown values, two walk-in answers and unknown groups with a 400 that names them, changing nothing', async () => {
    const before = await stored(mine.id);
    for (const [body, words] of [
      [{ languages: ['xx'] }, 'Languages spoken: choose from'],
      [{ walkIns: ['welcome', 'appointments'] }, 'Walk-ins: choose at most one'],
      [{ wifi: ['yes'] }, 'wifi'],
      [['en'], 'JSON object'],
    ] as const) {
      const res = await put(mine.id, body, owner.headers);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).error).toContain(words);
    }
    expect(await stored(mine.id)).toBe(before);
    expect(before).toBe(facetBits({ ...TRUE_OF_IT, identity: ['women', 'asian'] }));
  });
});
