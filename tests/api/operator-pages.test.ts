/**
 * The role from the command line and the console's pages (docs/moderation.md "Operators", "The
 * console (/operator)") over real HTTP, a real SMTP server and the built site (a file, and sqld in
 * the sqld project): `npm run moderate -- operators add|list|remove` grants, lists and revokes the
 * role, each kept with who and why; every page of the console is rendered for an operator and never
 * cached or indexed; a signed-out visitor, an owner and a session past 8 hours get none of them; every queue's call refuses
 * them and another Origin; removed from the command line, an operator's session stops at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../helpers/api';
import { npmScript, operatorCalls, signInOperator } from '../helpers/operators';
import { type SignedInOwner, signInOwner, startOwnerApi } from '../helpers/owners';
import type { TestMailbox } from '../helpers/smtp';
import { QUEUE_NAMES, QUEUES } from '../../src/features/moderation';
import { OPERATOR_PAGE_HEADERS } from '../../src/features/operators';
import { OPERATOR_ERRORS } from '../../src/features/operators/index.server';

const OPERATOR = 'weekend-desk@glow-team.example.com';
const EVIL = 'https://evil.example.net';

let api: TestApi;
let mail: TestMailbox;
let stop: (() => Promise<void>) | undefined;
let owner: SignedInOwner;
let operator: SignedInOwner;
let calls: ReturnType<typeof operatorCalls>;

beforeAll(async () => {
  ({ api, mail, stop } = await startOwnerApi({ site: true }));
  const [claimable] = await api.database.db.selectFrom('providers').select(['id', 'email']).where('email', 'is not', null).orderBy('seq').limit(1).execute();
  owner = await signInOwner(api, mail, api.base, claimable!.email!, claimable!.id);
  calls = operatorCalls(api, () => operator.headers);
}, 120_000);
afterAll(async () => {
  await stop?.();
});

const moderate = (...args: string[]) => npmScript('moderate', args, { DATABASE_URL: api.database.url, USER: 'ops-sam' });
const grants = () => api.database.db.selectFrom('operator_grants').select(['action', 'email', 'actor', 'reason']).orderBy('createdAt').execute();
/** A page of the console as a browser asks for it: a navigation, redirects not followed. */
const page = (path: string, headers: Record<string, string> = {}) => fetch(api.base + path, { redirect: 'manual', headers });
const cookieOf = (who: SignedInOwner) => ({ Cookie: who.cookie });
/** Every page of the console: the front door, each queue, the audit and the audit of one listing. */
const PAGES = ['/operator', ...QUEUE_NAMES.map((q) => `/operator/${q}`), '/operator/audit', '/operator/audit?listing=no-such-listing'];

describe('the role, from the command line', () => {
  it('operators add grants it, list shows it, and each change is kept with $USER and the reason; an owner’s account needs saying so', async () => {
    const added = await moderate('operators', 'add', OPERATOR, '--reason', 'Covers the weekend queue');
    expect(added.status, added.out).toBe(0);
    expect(added.out).toContain('Recorded as grant-operator by ops-sam: "Covers the weekend queue".');
    const listed = await moderate('operators', 'list');
    expect(listed.status, listed.out).toBe(0);
    expect(listed.out).toMatch(new RegExp(`${OPERATOR}\\s+since \\S+ by ops-sam: "Covers the weekend queue"`));
    const refused = await moderate('operators', 'add', owner.email, '--reason', 'Typo');
    expect(refused.status).not.toBe(0);
    expect(refused.out).toMatch(/manages 1 listing/);
    expect(await grants()).toEqual([{ action: 'grant-operator', email: OPERATOR, actor: 'ops-sam', reason: 'Covers the weekend queue' }]);
    operator = await signInOperator(api, mail, OPERATOR);
  }, 120_000);
});

describe('the console’s pages', () => {
  it('are rendered for an operator, never cached at the CDN or in the browser, never indexed', async () => {
    for (const path of PAGES) {
      const res = await page(path, cookieOf(operator));
      expect(res.status, path).toBe(200);
      for (const [name, value] of Object.entries(OPERATOR_PAGE_HEADERS)) expect(res.headers.get(name), `${path} ${name}`).toBe(value);
      const html = await res.text();
      expect(html, path).toContain('<meta name="robots" content="noindex, nofollow"');
      expect(html, path).toContain(`Signed in as <strong>${OPERATOR}</strong>`);
      const queue = path.split('/')[2] as keyof typeof QUEUES | undefined;
      if (queue && queue in QUEUES) expect(html, path).toContain(`<title>${QUEUES[queue].title} · Operator console`);
    }
    const unknown = await page('/operator/no-such-queue', cookieOf(operator));
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('netlify-cdn-cache-control')).toBe('no-store');
  });

  it('give a signed-out visitor and an owner nothing: each is sent to /operator, which says why and is not cached either', async () => {
    for (const [who, headers] of [
      ['signed out', {}],
      ['an owner', cookieOf(owner)],
    ] as const) {
      for (const path of PAGES.slice(1)) {
        const res = await page(path, headers);
        expect(res.status, `${path} ${who}`).toBe(303);
        expect(res.headers.get('location'), `${path} ${who}`).toBe('/operator');
        for (const [name, value] of Object.entries(OPERATOR_PAGE_HEADERS)) expect(res.headers.get(name), `${path} ${who} ${name}`).toBe(value);
        expect(await res.text(), `${path} ${who}`).not.toContain('Signed in as');
      }
      const door = await page('/operator', headers);
      expect(door.status).toBe(200);
      for (const [name, value] of Object.entries(OPERATOR_PAGE_HEADERS)) expect(door.headers.get(name), `/operator ${who} ${name}`).toBe(value);
      const html = await door.text();
      expect(html).not.toContain('Signed in as');
      expect(html).toContain('Email me a code');
      if (who === 'an owner') expect(html).toContain(OPERATOR_ERRORS.notOperator);
    }
  });
});

describe('a session past 8 hours', () => {
  it('ends on the pages too: the front door says why, and the queues send back to it', async () => {
    const aged = await signInOperator(api, mail, OPERATOR);
    const token = decodeURIComponent(aged.cookie.split('=')[1]!).split('.')[0]!;
    await api.database.client.execute({
      sql: 'UPDATE auth_sessions SET createdAt = ? WHERE token = ?',
      args: [new Date(Date.now() - 9 * 3600_000).toISOString(), token],
    });
    const door = await (await page('/operator', cookieOf(aged))).text();
    expect(door).toContain(OPERATOR_ERRORS.expired);
    expect(door).not.toContain('Signed in as');
    expect((await page('/operator/claims', cookieOf(aged))).status).toBe(303);
  }, 60_000);
});

describe('every queue’s call', () => {
  it('refuses a signed-out visitor (401), an owner (403) and another Origin (403); an operator’s answer is never stored', async () => {
    for (const queue of QUEUE_NAMES) {
      const path = `/api/operator/queues/${queue}`;
      expect((await calls.call('GET', path, { Origin: api.base })).status, `${path} signed out`).toBe(401);
      expect((await calls.call('GET', path, owner.headers)).status, `${path} as an owner`).toBe(403);
      expect((await calls.call('GET', path, { ...operator.headers, Origin: EVIL })).status, `${path} from another Origin`).toBe(403);
      const res = await calls.call('GET', path, operator.headers);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('the audit is read-only: it answers only GET', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) expect((await calls.call(method, '/api/operator/audit', operator.headers, {})).status, method).toBe(405);
  });

  it('signing out from another Origin is refused, and the session goes on', async () => {
    expect((await calls.call('POST', '/api/operator/sign-out', { ...operator.headers, Origin: EVIL })).status).toBe(403);
    expect((await calls.call('GET', '/api/operator/session', operator.headers)).status).toBe(200);
  });
});

describe('operators remove', () => {
  it('stops the session at once, on the calls and the pages, and is kept with $USER and the reason', async () => {
    const removed = await moderate('operators', 'remove', OPERATOR, '--reason', 'Left the weekend rota');
    expect(removed.status, removed.out).toBe(0);
    expect(removed.out).toContain('Recorded as revoke-operator by ops-sam: "Left the weekend rota".');
    expect((await calls.call('GET', '/api/operator/session', operator.headers)).status).toBe(401);
    expect((await calls.decide({ action: 'hide-review', target: 'x', reason: 'Spam' })).status).toBe(401);
    const claims = await page('/operator/claims', cookieOf(operator));
    expect(claims.status).toBe(303);
    expect(await (await page('/operator', cookieOf(operator))).text()).not.toContain('Signed in as');
    expect((await moderate('operators', 'list')).out).not.toContain(OPERATOR);
    expect((await grants()).at(-1)).toEqual({ action: 'revoke-operator', email: OPERATOR, actor: 'ops-sam', reason: 'Left the weekend rota' });
  }, 120_000);
});
