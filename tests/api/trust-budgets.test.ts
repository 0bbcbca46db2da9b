/**
 * Budgets apart (issue 37 item 6; docs/owners.md "Budgets"), as the attacks they stop: an owner
 * toggling statuses to spend the moderators' rebuilds, one account flooding writes and uploads, and
 * uploads that cost a decode before they are refused. Real HTTP, a real build hook, a real SMTP
 * server, real image bytes; over a file and over sqld.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import ownerRebuilds from '../../functions/owner-rebuilds.mts';
import { photoSourceKey } from '../../src/features/photos/photos.server';
import { PHOTO_LIMITS } from '../../src/features/photos/photoRules';
import { OWNER_REBUILD_LIMITS, REBUILD_LIMIT, requestRebuild } from '../../src/server/buildHook';
import type { TestApi } from '../helpers/api';
import { bombPng } from '../helpers/images';
import { editOf, ownerListingOf, type SignedInOwner, signInOwner, startOwnerApi } from '../helpers/owners';
import type { TestMailbox } from '../helpers/smtp';

let hook: Server;
let rebuilds = 0;
let api: TestApi;
let mail: TestMailbox;
let stop: () => Promise<void>;
type Listing = { id: string; email: string };
let listings: Listing[];
let owners: SignedInOwner[];

beforeAll(async () => {
  hook = createServer((req, res) => {
    if (req.method === 'POST') rebuilds++;
    req.resume();
    res.writeHead(200).end('{}');
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  ({ api, mail, stop } = await startOwnerApi({ buildHookUrl: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build` }));
  listings = (await api.database.db
    .selectFrom('providers')
    .select(['id', 'email'])
    .where('email', 'is not', null)
    .where('vetted_at', 'is not', null)
    .orderBy('seq')
    .limit(6)
    .execute()) as Listing[];
  // Each of the first five listings claimed by its own address: five accounts.
  owners = [];
  for (const listing of listings.slice(0, 5)) owners.push(await signInOwner(api, mail, api.base, listing.email, listing.id));
}, 120_000);

afterAll(async () => {
  await stop();
  await new Promise((resolve) => hook.close(resolve));
  delete process.env.RATE_LIMIT_OWNER_WRITES;
  delete process.env.RATE_LIMIT_OWNER_UPLOADS;
});

beforeEach(async () => {
  await api.database.db.deleteFrom('rate_limits').execute();
  await api.database.db.deleteFrom('pending_rebuilds').execute();
  process.env.RATE_LIMIT_OWNER_WRITES = '100000';
  process.env.RATE_LIMIT_OWNER_UPLOADS = '100000';
});

const put = (owner: SignedInOwner, providerId: string, body: unknown, headers: Record<string, string> = owner.headers) =>
  fetch(`${api.base}/api/owners/listings/${providerId}`, { method: 'PUT', headers, body: JSON.stringify(body) });

async function setStatus(owner: SignedInOwner, providerId: string, status: 'open' | 'permanently_closed') {
  const edit = editOf(await ownerListingOf(api, owner, providerId));
  const res = await put(owner, providerId, { ...edit, status, closedUntil: null });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe("owners' rebuilds come from a budget of their own", () => {
  it('many status changes of many listings in a few minutes ask for one build', async () => {
    const before = rebuilds;
    for (let i = 0; i < 3; i++) await setStatus(owners[i]!, listings[i]!.id, 'permanently_closed');
    await setStatus(owners[0]!, listings[0]!.id, 'open');
    // Nothing is sent at the change: the scheduled run sends one build for all that wait.
    expect(rebuilds).toBe(before);
    expect(await api.database.db.selectFrom('pending_rebuilds').select('providerId').execute()).toHaveLength(3);
    await ownerRebuilds();
    expect(rebuilds).toBe(before + 1);
    await ownerRebuilds();
    expect(rebuilds).toBe(before + 1);
    for (let i = 1; i < 3; i++) await setStatus(owners[i]!, listings[i]!.id, 'open');
    await ownerRebuilds();
    expect(rebuilds).toBe(before + 2);
  });

  it('an owner toggling all hour spends neither the moderators’ budget nor more than the owners’ own', async () => {
    const before = rebuilds;
    // One account asks at most perAccount times an hour: the rest wait for the daily build.
    for (let i = 0; i < OWNER_REBUILD_LIMITS.perAccount.max + 3; i++) {
      await setStatus(owners[3]!, listings[3]!.id, i % 2 ? 'open' : 'permanently_closed');
      await ownerRebuilds();
    }
    expect(rebuilds - before).toBe(OWNER_REBUILD_LIMITS.perAccount.max);
    // Another owner toggling too stops at the owners' hourly budget.
    for (let i = 0; i < OWNER_REBUILD_LIMITS.owners.max + 2; i++) {
      await setStatus(owners[4]!, listings[4]!.id, i % 2 ? 'open' : 'permanently_closed');
      await ownerRebuilds();
    }
    expect(rebuilds - before).toBe(OWNER_REBUILD_LIMITS.owners.max);
    // What waits is kept for a run with budget left, never dropped.
    expect((await api.database.db.selectFrom('pending_rebuilds').selectAll().execute()).length).toBeGreaterThan(0);
    // The moderators still have all of theirs.
    for (let i = 0; i < REBUILD_LIMIT.max; i++) expect(await requestRebuild(api.database)).toMatch(/^Rebuild requested/);
    expect(rebuilds - before).toBe(OWNER_REBUILD_LIMITS.owners.max + REBUILD_LIMIT.max);
  });
});

describe('per-account write limits', () => {
  it('stops one account’s flood of saves with 429 and Retry-After; another account and its reads are untouched', async () => {
    process.env.RATE_LIMIT_OWNER_WRITES = '3';
    const edit = editOf(await ownerListingOf(api, owners[0]!, listings[0]!.id));
    for (let i = 0; i < 3; i++) expect((await put(owners[0]!, listings[0]!.id, { ...edit, description: `${edit.description} ${i}` })).status).toBe(200);
    const refused = await put(owners[0]!, listings[0]!.id, edit);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Reads are not writes.
    expect(await ownerListingOf(api, owners[0]!, listings[0]!.id)).toBeTruthy();
    // Another account has its own.
    const theirs = editOf(await ownerListingOf(api, owners[4]!, listings[4]!.id));
    expect((await put(owners[4]!, listings[4]!.id, theirs)).status).toBe(200);
  });

  it('counts nothing for refused callers: no session, another account, another Origin', async () => {
    process.env.RATE_LIMIT_OWNER_WRITES = '1';
    const edit = editOf(await ownerListingOf(api, owners[0]!, listings[0]!.id));
    const { Cookie: _cookie, ...noSession } = owners[0]!.headers;
    expect((await put(owners[0]!, listings[0]!.id, edit, noSession)).status).toBe(401);
    expect((await put(owners[4]!, listings[0]!.id, edit)).status).toBe(403);
    expect((await put(owners[0]!, listings[0]!.id, edit, { ...owners[0]!.headers, Origin: 'https://evil.example' })).status).toBe(403);
    expect((await put(owners[0]!, listings[0]!.id, edit)).status).toBe(200);
  });
});

async function jpeg(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

function upload(owner: SignedInOwner, providerId: string, file: Buffer, type = 'image/jpeg') {
  const body = new FormData();
  body.set('alt', 'The front desk and chairs');
  body.set('category', 'interior');
  body.set('file', new Blob([new Uint8Array(file)], { type }), 'photo.jpg');
  return fetch(`${api.base}/api/providers/${providerId}/photos`, { method: 'POST', headers: { Origin: api.base, Cookie: owner.cookie }, body });
}

describe('uploads', () => {
  it('limits uploads per account per hour, before the body is read', async () => {
    process.env.RATE_LIMIT_OWNER_UPLOADS = '2';
    expect((await upload(owners[4]!, listings[4]!.id, await jpeg('#a13'))).status).toBe(201);
    expect((await upload(owners[4]!, listings[4]!.id, await jpeg('#a14'))).status).toBe(201);
    const refused = await upload(owners[4]!, listings[4]!.id, await jpeg('#a15'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect((await api.database.db.selectFrom('photos').select('id').where('providerId', '=', listings[4]!.id).execute()).length).toBe(2);
  });

  it('answers a repeat of the same file, and a full listing, before decoding anything', async () => {
    const bomb = bombPng();
    // Decoding it would be refused (400 megapixels): a 413/400. A listing that already has these
    // very bytes answers with its photo instead, so no decode ran.
    const first = await upload(owners[4]!, listings[4]!.id, await jpeg('#3a7'));
    expect(first.status).toBe(201);
    const { photo } = (await first.json()) as { photo: { id: string } };
    await api.database.db
      .updateTable('photos')
      .set({ sourceKey: photoSourceKey(bomb) })
      .where('id', '=', photo.id)
      .execute();
    const repeat = await upload(owners[4]!, listings[4]!.id, bomb, 'image/png');
    expect(repeat.status).toBe(200);
    expect(((await repeat.json()) as { duplicate: boolean; photo: { id: string } }).photo.id).toBe(photo.id);
    // A full listing refuses with 409 before the bytes are looked at: the bomb gets the count's answer.
    const full = listings[5]!;
    const at = new Date().toISOString();
    await api.database.db
      .insertInto('photos')
      .values(
        Array.from({ length: PHOTO_LIMITS.perListing }, (_, i) => ({
          id: `full-${i}`,
          providerId: full.id,
          key: `${String(i).padStart(40, '0')}.webp`.slice(-45),
          width: 10,
          height: 10,
          alt: 'A photo filling the listing',
          category: 'interior' as const,
          position: i,
          isCover: i === 0 ? 1 : 0,
          createdAt: at,
          updatedAt: at,
        })),
      )
      .execute();
    const fullOwner = await signInOwner(api, mail, api.base, full.email, full.id);
    const refused = await upload(fullOwner, full.id, bomb, 'image/png');
    expect(refused.status).toBe(409);
  });
});
