/**
 * The owner's photo calls over real HTTP (docs/photos.md): a signed-in owner (real codes over a
 * real SMTP server) uploads, orders, changes and deletes; no session, another owner and another
 * Origin are refused; refused files (text named .jpg, SVG, a 20,000 × 20,000 PNG, a body over the
 * limit) leave no blob and no row; writes purge the page and the search answers. Over a file
 * database and over sqld.
 */
import http from 'node:http';
import { once } from 'node:events';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bombPng } from '../helpers/images';
import { listPhotoKeys } from '../../src/features/photos/blobStore.server';
import { PHOTO_LIMITS } from '../../src/features/photos/photoRules';
import { CACHE_TAGS } from '../../src/server/cdnCache';
import { errorOf, type TestApi } from '../helpers/api';
import { recordPurges } from '../helpers/purges';
import { startOwnerApi } from '../helpers/owners';
import type { TestMailbox } from '../helpers/smtp';

let api: TestApi;
let mail: TestMailbox;
let stop: (() => Promise<void>) | undefined;
let mine: { id: string; email: string; slug: string };
let theirs: { id: string; email: string; slug: string };
let cookie: string;
let otherCookie: string;
const purges = recordPurges();

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function claim(target: { id: string; email: string }): Promise<string> {
  const send = (path: string, body: unknown) =>
    fetch(api.base + path, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: api.base }, body: JSON.stringify(body) });
  expect((await send('/api/owners/code', { email: target.email, providerId: target.id })).status).toBe(202);
  const res = await send('/api/owners/sign-in', { email: target.email, code: await mail.code(target.email), providerId: target.id });
  expect(res.status).toBe(200);
  return cookieOf(res);
}

beforeAll(async () => {
  ({ api, mail, stop } = await startOwnerApi({ mailFrom: 'Glow <no-reply@glow.example.com>' }));
  const rows = await api.database.db.selectFrom('providers').select(['id', 'email', 'slug']).where('email', 'is not', null).orderBy('seq').limit(2).execute();
  [mine, theirs] = rows as (typeof mine)[];
  cookie = await claim(mine);
  otherCookie = await claim(theirs);
}, 60_000);

afterAll(async () => {
  await stop?.();
});

async function jpeg(colour = '#c2417f', width = 900, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Owner Name' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 52/1 3000/100' } })
    .toBuffer();
}

function form(file: Buffer, name: string, type: string, fields: Record<string, string> = { alt: 'Gel manicure in dusty rose', category: 'work' }): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  body.set('file', new Blob([new Uint8Array(file)], { type }), name);
  return body;
}

const upload = (providerId: string, body: FormData | Buffer, headers: Record<string, string> = {}) =>
  fetch(`${api.base}/api/providers/${providerId}/photos`, {
    method: 'POST',
    headers: { Origin: api.base, Cookie: cookie, ...headers },
    body: body instanceof FormData ? body : new Uint8Array(body),
  });

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(api.base + path, {
    method,
    headers: { 'Content-Type': 'application/json', Origin: api.base, Cookie: cookie, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/**
 * A body sent with node:http, which (unlike fetch) reads an answer that comes before the whole body
 * is sent: the server refuses an oversized upload without reading it.
 */
async function rawUpload(providerId: string, body: FormData): Promise<{ status: number; body: string }> {
  const encoded = new Response(body);
  const bytes = Buffer.from(await encoded.arrayBuffer());
  const req = http.request(`${api.base}/api/providers/${providerId}/photos`, {
    method: 'POST',
    headers: { Origin: api.base, Cookie: cookie, 'Content-Type': encoded.headers.get('content-type')!, 'Content-Length': bytes.length },
  });
  const answered = once(req, 'response') as Promise<[http.IncomingMessage]>;
  req.on('error', () => {});
  req.end(bytes);
  const [res] = await answered;
  let text = '';
  res.setEncoding('utf8');
  for await (const chunk of res) text += chunk;
  return { status: res.statusCode ?? 0, body: text };
}

async function counts() {
  const { n } = await api.database.db
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows: Number(n), blobs: (await listPhotoKeys()).length };
}

describe('who may change photos', () => {
  it('refuses no session (401), another owner (403) and another Origin (403), storing nothing', async () => {
    const before = await counts();
    const file = await jpeg();
    expect((await upload(mine.id, form(file, 'a.jpg', 'image/jpeg'), { Cookie: '' })).status).toBe(401);
    const other = await upload(mine.id, form(file, 'a.jpg', 'image/jpeg'), { Cookie: otherCookie });
    expect(other.status).toBe(403);
    expect((await errorOf(other)).error).toContain('another account');
    expect((await upload(mine.id, form(file, 'a.jpg', 'image/jpeg'), { Origin: 'https://evil.example.net' })).status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it("refuses another owner's changes, order and deletion of my photo with 403 and changes nothing", async () => {
    const res = await upload(mine.id, form(await jpeg('#2255aa'), 'mine.jpg', 'image/jpeg'));
    expect(res.status).toBe(201);
    const { photo } = (await res.json()) as { photo: { id: string; alt: string } };
    const as = { Cookie: otherCookie };
    expect((await call('PUT', `/api/providers/${mine.id}/photos/${photo.id}`, { alt: 'Taken over by someone else' }, as)).status).toBe(403);
    expect((await call('DELETE', `/api/providers/${mine.id}/photos/${photo.id}`, undefined, as)).status).toBe(403);
    expect((await call('PUT', `/api/providers/${mine.id}/photo-order`, { ids: [photo.id] }, as)).status).toBe(403);
    expect((await call('GET', `/api/providers/${mine.id}/photo-order`, undefined, as)).status).toBe(403);
    expect((await call('GET', `/api/providers/${mine.id}/photo-order`, undefined, { Cookie: '' })).status).toBe(401);
    const list = await call('GET', `/api/providers/${mine.id}/photo-order`);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(((await list.json()) as { id: string; hidden: boolean }[]).map((p) => [p.id, p.hidden])).toEqual([[photo.id, false]]);
    // Their own listing's path does not reach my photo either.
    expect((await call('DELETE', `/api/providers/${theirs.id}/photos/${photo.id}`, undefined, as)).status).toBe(404);
    const row = await api.database.db.selectFrom('photos').select(['alt']).where('id', '=', photo.id).executeTakeFirst();
    expect(row?.alt).toBe(photo.alt);
    expect((await call('DELETE', `/api/providers/${mine.id}/photos/${photo.id}`)).status).toBe(204);
  });
});

describe('uploads', () => {
  it('takes a phone photo, cleans it, recognises it a second time, and purges the page and search', async () => {
    const file = await jpeg('#aa3366', 1200, 800);
    const first = await upload(mine.id, form(file, 'IMG_0001.JPG', 'image/jpeg'));
    expect(first.status).toBe(201);
    const { photo, duplicate } = (await first.json()) as { photo: { id: string; url: string; width: number; isCover: boolean }; duplicate: boolean };
    expect(duplicate).toBe(false);
    expect(photo.width).toBe(1200);
    await expect.poll(() => purges.calls.flat(), { timeout: 8_000 }).toEqual(expect.arrayContaining([CACHE_TAGS.provider(mine.id), CACHE_TAGS.search]));
    const again = await upload(mine.id, form(file, 'copy.jpg', 'image/jpeg'));
    expect(again.status).toBe(200);
    expect(((await again.json()) as { duplicate: boolean; photo: { id: string } }).photo.id).toBe(photo.id);
    const stored = await api.database.db.selectFrom('photos').select('key').where('id', '=', photo.id).executeTakeFirstOrThrow();
    expect(await listPhotoKeys()).toContain(stored.key);
    expect((await call('DELETE', `/api/providers/${mine.id}/photos/${photo.id}`)).status).toBe(204);
  });

  it('refuses a text file named .jpg, an SVG, a 20,000 × 20,000 PNG and an over-limit body, leaving no blob and no row', async () => {
    const before = await counts();
    const text = await upload(mine.id, form(Buffer.from('Opening hours: Mon to Fri 9-6\n'), 'photo.jpg', 'image/jpeg'));
    expect(text.status).toBe(400);
    expect((await errorOf(text)).error).toBe('This file is not a JPEG, PNG, WebP or AVIF picture. Please choose a photo in one of those formats.');
    const svg = await upload(
      mine.id,
      form(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), 'logo.svg', 'image/svg+xml'),
    );
    expect(svg.status).toBe(400);
    const bomb = await upload(mine.id, form(bombPng(), 'huge.png', 'image/png'));
    expect(bomb.status).toBe(413);
    expect((await errorOf(bomb)).error).toMatch(/20,000 × 20,000 pixels \(400 megapixels\); photos can be at most 40 megapixels/);
    const big = Buffer.concat([await jpeg(), Buffer.alloc(PHOTO_LIMITS.maxUploadBytes)]);
    const tooBig = await rawUpload(mine.id, form(big, 'big.jpg', 'image/jpeg'));
    expect(tooBig.status).toBe(413);
    expect((JSON.parse(tooBig.body) as { error: string }).error).toContain('at most 6 MB');
    const noAlt = await upload(mine.id, form(await jpeg('#118844'), 'a.jpg', 'image/jpeg', { alt: '', category: 'work' }));
    expect(noAlt.status).toBe(400);
    expect((await errorOf(noAlt)).issues[0]?.path).toBe('alt');
    expect((await upload(mine.id, Buffer.from('{}'), { 'Content-Type': 'application/json' })).status).toBe(415);
    expect(await counts()).toEqual(before);
  });
});

describe('cover, order, alt and delete', () => {
  it('moves the cover to the card and API, orders, edits, and passes the cover on when it is deleted', async () => {
    const ids: string[] = [];
    for (const colour of ['#880000', '#008800', '#000088']) {
      const res = await upload(mine.id, form(await jpeg(colour), `${colour}.jpg`, 'image/jpeg', { alt: `Station painted ${colour}`, category: 'interior' }));
      ids.push(((await res.json()) as { photo: { id: string } }).photo.id);
    }
    const imageOf = async () => ((await (await api.get(`/api/providers/by-slug/${mine.slug}`)).json()) as { imageUrl: string }).imageUrl;
    const urlOf = async (id: string) =>
      `/photos/${(await api.database.db.selectFrom('photos').select('key').where('id', '=', id).executeTakeFirstOrThrow()).key}`;
    expect(await imageOf()).toBe(await urlOf(ids[0]!));

    purges.calls.length = 0;
    const cover = await call('PUT', `/api/providers/${mine.id}/photos/${ids[2]}`, { isCover: true, alt: 'Our blue wash station' });
    expect(cover.status).toBe(200);
    expect(await cover.json()).toMatchObject({ id: ids[2], isCover: true, alt: 'Our blue wash station', hidden: false });
    expect(await imageOf()).toBe(await urlOf(ids[2]!));
    await expect.poll(() => purges.calls.flat(), { timeout: 8_000 }).toEqual(expect.arrayContaining([CACHE_TAGS.provider(mine.id), CACHE_TAGS.search]));
    expect((await call('PUT', `/api/providers/${mine.id}/photos/${ids[2]}`, { alt: 'x' })).status).toBe(400);

    const order = await call('PUT', `/api/providers/${mine.id}/photo-order`, { ids: [ids[1], ids[2], ids[0]] });
    expect(order.status).toBe(200);
    expect(((await order.json()) as { id: string }[]).map((p) => p.id)).toEqual([ids[1], ids[2], ids[0]]);
    expect((await call('PUT', `/api/providers/${mine.id}/photo-order`, { ids: [ids[1]] })).status).toBe(409);

    purges.calls.length = 0;
    expect((await call('DELETE', `/api/providers/${mine.id}/photos/${ids[2]}`)).status).toBe(204);
    await expect.poll(() => purges.calls.flat(), { timeout: 8_000 }).toEqual(expect.arrayContaining([CACHE_TAGS.provider(mine.id), CACHE_TAGS.search]));
    expect(await imageOf()).toBe(await urlOf(ids[1]!));
    for (const id of [ids[0], ids[1]]) expect((await call('DELETE', `/api/providers/${mine.id}/photos/${id}`)).status).toBe(204);
    const bare = ((await (await api.get(`/api/providers/by-slug/${mine.slug}`)).json()) as { imageUrl: string | null }).imageUrl;
    expect(bare === null || bare.startsWith('/images/')).toBe(true);
    expect((await call('DELETE', `/api/providers/${mine.id}/photos/${ids[0]}`)).status).toBe(404);
  });
});
