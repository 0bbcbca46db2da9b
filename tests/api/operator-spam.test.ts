/**
 * Time requests reported as spam, in the operator console (docs/requests.md "Spam",
 * docs/moderation.md "Queues"), over real HTTP, a real SMTP server and the test database (a file,
 * and sqld in the sqld project): a business reports a request; the queue shows what the sender
 * wrote; an owner, a signed-out visitor and another Origin change nothing; blocking refuses the
 * address on every listing, as if over its daily limit, keeping only a hash of it; dismissing keeps
 * a sender able to ask; `npm run moderate` takes the same decision; each is in the audit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../helpers/api';
import { npmScript, operatorCalls, signInOperator } from '../helpers/operators';
import { type SignedInOwner, signInOwner, startOwnerApi } from '../helpers/owners';
import { CODE_SUBJECT, countMail, json, sendSpamRequest } from '../helpers/requests';
import type { TestMailbox } from '../helpers/smtp';
import type { AuditPage } from '../../src/features/moderation/schemas/queue';
import { grantOperator } from '../../src/features/operators/index.server';
import { LIMIT_MESSAGES } from '../../src/features/requests/index.server';

const OPERATOR = 'trust-desk@glow-team.example.com';
const SPAMMER = 'free-gift-cards@example.com';
const MISTAKEN = 'first-timer@example.com';

let api: TestApi;
let mail: TestMailbox;
let stop: (() => Promise<void>) | undefined;
let owner: SignedInOwner;
let otherOwner: SignedInOwner;
let operator: SignedInOwner;
let mine: { id: string; email: string };
let theirs: { id: string; email: string };
let calls: ReturnType<typeof operatorCalls>;

beforeAll(async () => {
  ({ api, mail, stop } = await startOwnerApi());
  const rows = await api.database.db
    .selectFrom('providers')
    .select(['id', 'email'])
    .where('email', 'is not', null)
    .where('vetted_at', 'is not', null)
    .orderBy('seq', 'desc')
    .limit(2)
    .execute();
  [mine, theirs] = rows as (typeof mine)[];
  owner = await signInOwner(api, mail, api.base, mine.email, mine.id);
  otherOwner = await signInOwner(api, mail, api.base, theirs.email, theirs.id);
  await grantOperator(api.database, { email: OPERATOR, actor: 'ops-jordan', reason: 'Trust and safety rota' });
  operator = await signInOperator(api, mail, OPERATOR);
  calls = operatorCalls(api, () => operator.headers);
}, 120_000);
afterAll(async () => {
  await stop?.();
});

/** Sends a request to `providerId` from `email` and returns its id (or the refusal). */
const ask = (providerId: string, email: string): Promise<Response> => sendSpamRequest(api, mail, providerId, email);
const report = async (id: string, who = owner) => api.post(`/api/owners/requests/${id}`, { action: 'report' }, { headers: who.headers });
const audit = async () => ((await (await calls.call('GET', '/api/operator/audit?limit=100', operator.headers)).json()) as AuditPage).items;

const moderate = (...args: string[]) => npmScript('moderate', args, { DATABASE_URL: api.database.url, USER: 'ops-sam' });

describe('requests reported as spam', () => {
  let spam: string;

  it('a business reports a request; only its owner can; the queue shows what the sender wrote', async () => {
    const sent = await ask(mine.id, SPAMMER);
    expect(sent.status).toBe(201);
    spam = ((await sent.json()) as { id: string }).id;
    expect((await report(spam, otherOwner)).status).toBe(403);
    expect((await calls.queue('spam-requests')).total).toBe(0);
    expect((await report(spam)).status).toBe(200);
    const page = await calls.queue('spam-requests');
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      id: spam,
      kind: 'request',
      text: 'Claim your free gift card at gifts dot example dot net',
      decisions: ['block-sender', 'dismiss-spam'],
    });
    expect(page.items[0]!.details).toContainEqual({ label: 'Email', value: SPAMMER });
  });

  it('refuses an owner, a signed-out visitor and another Origin, and nothing changes', async () => {
    const body = { action: 'block-sender', target: spam, reason: 'Gift card scam' };
    expect((await calls.decide(body, owner.headers)).status).toBe(403);
    expect((await calls.decide(body, { Origin: api.base })).status).toBe(401);
    expect((await calls.decide(body, { ...operator.headers, Origin: 'https://evil.example.net' })).status).toBe(403);
    expect((await calls.queue('spam-requests')).total).toBe(1);
    expect((await api.post('/api/requests/code', { providerId: theirs.id, email: SPAMMER }, { headers: json(api.base) })).status).toBe(202);
  });

  it('blocking refuses the address on every listing, like a full day, keeping only its hash; audited', async () => {
    const res = await calls.decide({ action: 'block-sender', target: spam, reason: 'Gift card scam' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ changed: true, summary: 'The sender’s address is blocked from time requests on every listing.' });
    expect((await calls.queue('spam-requests')).total).toBe(0);
    const codesBefore = countMail(mail, SPAMMER, CODE_SUBJECT);
    const refused = await api.post('/api/requests/code', { providerId: theirs.id, email: SPAMMER.toUpperCase() }, { headers: json(api.base) });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toBe(LIMIT_MESSAGES.email);
    expect(countMail(mail, SPAMMER, CODE_SUBJECT)).toBe(codesBefore);
    const stored = await api.database.db.selectFrom('blocked_request_senders').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain('free-gift-cards');
    expect(await audit()).toContainEqual(expect.objectContaining({ action: 'block-sender', target: spam, actor: OPERATOR, reason: 'Gift card scam' }));
    // Decided once: the same report again is a 404.
    expect((await calls.decide({ action: 'dismiss-spam', target: spam, reason: 'Again' })).status).toBe(404);
  });

  it('dismissing, from the command line, keeps the sender able to ask', async () => {
    const sent = await ask(mine.id, MISTAKEN);
    const id = ((await sent.json()) as { id: string }).id;
    expect((await report(id)).status).toBe(200);
    const { status, out } = await moderate('dismiss-spam', id, '--reason', 'A real first-time client');
    expect(status, out).toBe(0);
    expect((await calls.queue('spam-requests')).total).toBe(0);
    expect((await ask(theirs.id, MISTAKEN)).status).toBe(201);
    expect(await audit()).toContainEqual(expect.objectContaining({ action: 'dismiss-spam', target: id, actor: 'ops-sam', reason: 'A real first-time client' }));
  }, 120_000);
});
