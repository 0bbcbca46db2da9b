/**
 * Input edges (issue 37 item 9; docs/security.md "Input edges"), each sent as an attacker would:
 * closing dates off the calendar or years away (which took a page down through its date formatter),
 * hours of no length or past midnight and days that do not exist, menu names with control and bidi
 * characters, bad percent-encoding on the photo routes, TRACE and other methods on every route, and
 * `npm run moderate -- assign` with an address that writes escape sequences. Real HTTP, a real
 * sign-in, the command as a process; over a file and over sqld.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '../../src/env.server';
import { addDays, formatDay, isCalendarDay, statusBanner, todayIn } from '../../src/features/providers/listingStatus';
import { loadFunctionRoutes, type FunctionModule } from '../../src/local-server/functionRoutes';
import { errorOf, type TestApi, validListing } from '../helpers/api';
import { runModerate } from '../helpers/moderateCli';
import { editOf, ownerListingOf, type SignedInOwner, signInOwner, startOwnerApi } from '../helpers/owners';
import type { TestMailbox } from '../helpers/smtp';

let api: TestApi;
let mail: TestMailbox;
let stop: () => Promise<void>;
let owner: SignedInOwner;
let listing: { id: string; email: string; slug: string; timeZone: string | null };

beforeAll(async () => {
  ({ api, mail, stop } = await startOwnerApi());
  listing = (await api.database.db
    .selectFrom('providers')
    .select(['id', 'email', 'slug', 'timeZone'])
    .where('email', 'is not', null)
    .orderBy('seq')
    .limit(1)
    .executeTakeFirstOrThrow()) as typeof listing;
  owner = await signInOwner(api, mail, api.base, listing.email, listing.id);
}, 60_000);
afterAll(() => stop());

const put = (body: unknown) => fetch(`${api.base}/api/owners/listings/${listing.id}`, { method: 'PUT', headers: owner.headers, body: JSON.stringify(body) });
const edit = async () => editOf(await ownerListingOf(api, owner, listing.id));
const today = () => todayIn(listing.timeZone ?? 'America/New_York');

describe('closedUntil', () => {
  it('is a real calendar day after today and within a year', async () => {
    const base = { ...(await edit()), status: 'temporarily_closed' };
    for (const [day, message] of [
      ['2026-02-30', 'Enter a reopening date that is on the calendar'],
      ['2027-13-01', 'Enter a reopening date that is on the calendar'],
      ['2027-00-10', 'Enter a reopening date that is on the calendar'],
      ['99999-01-01', 'Enter the reopening date as YYYY-MM-DD'],
      [addDays(today(), 366), 'The reopening date must be within a year'],
      ['9999-12-31', 'The reopening date must be within a year'],
      [today(), 'The reopening date must be after today'],
    ]) {
      const res = await put({ ...base, closedUntil: day });
      expect(res.status, day).toBe(400);
      expect((await errorOf(res)).issues).toEqual([expect.objectContaining({ path: 'closedUntil', message })]);
    }
    expect((await put({ ...base, closedUntil: addDays(today(), 365) })).status).toBe(200);
    expect((await put({ ...base, status: 'open', closedUntil: null })).status).toBe(200);
  });

  it('every date formatter is total: a day off the calendar or stored before these rules never throws', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2027-02-29')).toBe(false);
    for (const bad of ['2026-02-30', '9999-99-99', 'not a day', '', '2026-1-1'])
      expect(() => statusBanner({ status: 'temporarily_closed', closedUntil: bad }), bad).not.toThrow();
    expect(formatDay('not a day')).toBe('not a day');
    expect(formatDay('2026-12-01')).toBe('December 1, 2026');
  });
});

describe('opening hours', () => {
  it('refuses zero-length and overnight ranges and unknown day keys, from the dashboard and the business form', async () => {
    const base = await edit();
    const week = {
      monday: '9:00 AM - 6:00 PM',
      tuesday: 'Closed',
      wednesday: 'Closed',
      thursday: 'Closed',
      friday: 'Closed',
      saturday: 'Closed',
      sunday: 'Closed',
    };
    for (const [hours, message] of [
      [{ ...week, monday: '9:00 AM - 9:00 AM' }, 'Hours must close after they open, on the same day (use "12:00 AM" for midnight)'],
      [{ ...week, friday: '6:00 PM - 2:00 AM' }, 'Hours must close after they open, on the same day (use "12:00 AM" for midnight)'],
      [{ ...week, funday: 'Closed' }, 'Opening hours name an unknown day: funday'],
    ] as const) {
      const res = await put({ ...base, openingHours: hours });
      expect(res.status, JSON.stringify(hours)).toBe(400);
      if (message) expect((await errorOf(res)).issues.map((i) => i.message)).toContain(message);
    }
    expect((await put({ ...base, openingHours: { ...week, saturday: '9:00 AM - 12:00 AM' } })).status).toBe(200);
    const listed = await api.post(
      '/api/providers',
      validListing({ name: 'Edge Hours Nail Studio', phone: '(208) 555-0188', openingHours: JSON.stringify({ ...week, funday: 'Closed' }) }),
      {
        headers: { 'Content-Type': 'application/json', Origin: api.base },
      },
    );
    expect(listed.status).toBe(400);
  });
});

describe('menu item names', () => {
  it('go through the stored-text rules', async () => {
    const base = await edit();
    const item = { priceFrom: 40, priceTo: 40, durationMinutes: 45 };
    for (const name of ['Gel\u202E Manicure', '\u200B\u200D', 'Gel\nManicure', 'Gel\u001b[2J Manicure', '   '])
      expect((await put({ ...base, menu: [{ ...item, name }] })).status, JSON.stringify(name)).toBe(400);
    expect((await put({ ...base, menu: [{ ...item, name: 'Gel Manicure 💅' }] })).status).toBe(200);
  });
});

/** A raw request: any method, no Origin or session. */
function raw(method: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(api.base);
    const req = httpRequest({ host: url.hostname, port: url.port, method, path }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('requests', () => {
  it('photo routes answer 400 on bad percent-encoding before anything else (no session, no Origin)', async () => {
    for (const [method, path] of [
      ['GET', '/api/providers/%E0%A4%A/photos'],
      ['POST', '/api/providers/%E0%A4%A/photos'],
      ['PUT', `/api/providers/${listing.id}/photos/%ZZ`],
      ['DELETE', '/api/providers/%ZZ/photos/x'],
      ['GET', '/api/providers/%ZZ/photo-order'],
      ['PUT', '/api/providers/%ZZ/photo-order'],
      ['POST', '/api/photos/%ZZ/reports'],
    ])
      expect(await raw(method!, path!), `${method} ${path}`).toBe(400);
  });

  it('TRACE and other unknown methods answer 405 on every route', async () => {
    const routes = await loadFunctionRoutes((file) => import(file) as Promise<FunctionModule>);
    const paths = [...routes.map((r) => r.path.replace(/:[^/]+/g, 'x')), '/', '/provider/x', '/.netlify/images', '/nowhere'];
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) for (const method of ['TRACE', 'PROPFIND', 'PATCH']) expect(await raw(method, path), `${method} ${path}`).toBe(405);
  });
});

describe('npm run moderate -- assign', () => {
  it('checks its email and prints only printable text', () => {
    const run = runModerate(env().DATABASE_URL, 'assign', listing.slug, 'x\u001b]0;pwned\u0007@evil.example\u001b[2J', '--reason', 'Bill of sale checked');
    expect(run.status).toBe(1);
    expect(run.out).toContain('assign needs a valid email address, like owner@example.com');
    expect(run.out.includes('\u001b') || run.out.includes('\u0007')).toBe(false);
    const slug = runModerate(env().DATABASE_URL, 'assign', 'no-such\u001b[2J-salon', 'owner@example.com', '--reason', 'Checked');
    expect(slug.status).toBe(1);
    expect(slug.out.includes('\u001b')).toBe(false);
  }, 120_000);
});
