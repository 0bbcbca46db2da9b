/**
 * Import batches and unclear import matches in the operator console (docs/moderation.md "Queues",
 * docs/imports.md "Running it"), over real HTTP, a real SMTP server and the test database (a file,
 * and sqld in the sqld project): the committed Overture fixture is applied as a batch; the console
 * lists the batch with its counts and the held place beside the listing it looks like; an owner, a
 * signed-out visitor and another Origin change nothing; the operator lists the held place as new and
 * approves the batch (its listings vetted, audited with the operator's email and reason); a second
 * approval is a 409; `npm run import -- rollback` takes the same decision from the command line.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../helpers/api';
import { npmScript, operatorCalls, signInOperator } from '../helpers/operators';
import { type SignedInOwner, signInOwner, startOwnerApi } from '../helpers/owners';
import type { TestMailbox } from '../helpers/smtp';
import { runImport } from '../../src/features/imports/index.server';
import type { AuditPage, QueuePage } from '../../src/features/moderation/schemas/queue';
import { grantOperator } from '../../src/features/operators/index.server';

const FIXTURE = join(process.cwd(), 'tests/fixtures/overture/places.geojsonseq');
const OPERATOR = 'imports-desk@glow-team.example.com';

let api: TestApi;
let mail: TestMailbox;
let stop: (() => Promise<void>) | undefined;
let operator: SignedInOwner;
let owner: SignedInOwner;
let batchId: string;

beforeAll(async () => {
  ({ api, mail, stop } = await startOwnerApi());
  const [claimable] = await api.database.db.selectFrom('providers').select(['id', 'email']).where('email', 'is not', null).orderBy('seq').limit(1).execute();
  owner = await signInOwner(api, mail, api.base, claimable!.email!, claimable!.id);
  await grantOperator(api.database, { email: OPERATOR, actor: 'ops-jordan', reason: 'Reviews this month’s imports' });
  operator = await signInOperator(api, mail, OPERATOR);
  ({ call, decide, queue } = operatorCalls(api, () => operator.headers));
  const report = await runImport(api.database, FIXTURE, { actor: 'ops-jordan', apply: true });
  batchId = report.batchId!;
}, 240_000);
afterAll(async () => {
  await stop?.();
});

let call: ReturnType<typeof operatorCalls>['call'];
let decide: ReturnType<typeof operatorCalls>['decide'];
let queue: ReturnType<typeof operatorCalls>['queue'];
const vetted = async (slug: string) =>
  Boolean((await api.database.client.execute({ sql: 'SELECT vetted_at FROM providers WHERE slug = ?', args: [slug] })).rows[0]?.vetted_at);
const batchStatus = async () =>
  String((await api.database.client.execute({ sql: 'SELECT status FROM import_batches WHERE id = ?', args: [batchId] })).rows[0]!.status);
const audit = async () => ((await (await call('GET', '/api/operator/audit?limit=100', operator.headers)).json()) as AuditPage).items;

describe('the import queues', () => {
  it('list the applied batch with its counts, and the held place beside the listing it looks like', async () => {
    const batches = await queue('import-batches');
    expect(batches.total).toBe(1);
    expect(batches.items[0]).toMatchObject({ id: batchId, kind: 'import-batch', status: 'applied', decisions: ['approve-batch', 'rollback-batch'] });
    expect(batches.items[0]!.details).toContainEqual({ label: 'Outcome: new', value: '5' });
    const holds = await queue('import-holds');
    expect(holds.total).toBe(1);
    expect(holds.items[0]).toMatchObject({
      kind: 'import-hold',
      title: expect.stringContaining('Hudson Polish Bar'),
      beside: { slug: 'hudson-polish-bar-new-york' },
      decisions: ['same-import', 'new-import'],
    });
  });

  it('refuse an owner, a signed-out visitor and another Origin, and nothing changes', async () => {
    const body = { action: 'approve-batch', target: batchId, reason: 'Looks right' };
    expect((await decide(body, owner.headers)).status).toBe(403);
    expect((await decide(body, { Origin: api.base })).status).toBe(401);
    expect((await decide(body, { ...operator.headers, Origin: 'https://evil.example.net' })).status).toBe(403);
    expect(await batchStatus()).toBe('applied');
    expect(await vetted('riverside-lacquer-lounge')).toBe(false);
  });

  it('an unclear match is listed as a new place of its batch, with the operator’s reason in the audit', async () => {
    const [hold] = (await queue('import-holds')).items;
    const res = await decide({ action: 'new-import', target: hold!.id, reason: 'Different suite, different owner' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ action: 'new-import', changed: true, summary: 'Listed as a new listing of its batch.' });
    expect((await queue('import-holds')).total).toBe(0);
    expect((await api.get('/api/providers/by-slug/hudson-polish-bar')).status).toBe(200);
    expect(await audit()).toContainEqual(expect.objectContaining({ action: 'new-import', actor: OPERATOR, reason: 'Different suite, different owner' }));
    // Decided once: the same hold again is a 404 (it is no longer open).
    expect((await decide({ action: 'same-import', target: hold!.id, reason: 'Again' })).status).toBe(404);
  });

  it('approving the batch vets its listings once, audited; a second approval is a 409', async () => {
    const res = await decide({ action: 'approve-batch', target: batchId, reason: 'Spot-checked twelve listings' });
    expect(res.status).toBe(200);
    const result = (await res.json()) as { summary: string; changed: boolean; purged: string[]; rebuild: string | null };
    expect(result.summary).toMatch(new RegExp(`^Batch ${batchId} approved: \\d+ listings vetted\\.$`));
    expect(result.purged).toContain('sitemap-providers');
    // One rebuild asked for the whole batch (this server has no build hook: it says so).
    expect(result.rebuild).toBe('BUILD_HOOK_URL is not set: pre-built pages follow at the next build.');
    expect(await vetted('riverside-lacquer-lounge')).toBe(true);
    expect(await batchStatus()).toBe('approved');
    expect((await queue('import-batches')).items[0]).toMatchObject({ status: 'approved', decisions: ['rollback-batch'] });
    expect(await audit()).toContainEqual(
      expect.objectContaining({ action: 'approve-batch', target: batchId, actor: OPERATOR, reason: 'Spot-checked twelve listings' }),
    );
    expect((await decide({ action: 'approve-batch', target: batchId, reason: 'Again' })).status).toBe(409);
  });

  it('the command line rolls it back through the same decision: listings hidden, audited with $USER, one rebuild', async () => {
    let hooks = 0;
    const hook = createServer((_, res) => {
      hooks++;
      res.writeHead(200).end('{}');
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    const BUILD_HOOK_URL = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build_hooks/test`;
    const { status, out } = await npmScript('import', ['rollback', batchId, '--reason', 'Wrong release'], {
      DATABASE_URL: api.database.url,
      USER: 'ops-sam',
      BUILD_HOOK_URL,
    }).finally(() => new Promise((r) => hook.close(r)));
    expect(status, out).toBe(0);
    expect(out).toContain('Recorded as rollback-batch by ops-sam: "Wrong release".');
    expect(out).toContain('Rebuild requested');
    expect(hooks).toBe(1);
    expect(await batchStatus()).toBe('rolled_back');
    // Its new listings are hidden: gone from the API (their pages answer 410).
    expect((await api.get('/api/providers/by-slug/riverside-lacquer-lounge')).status).toBe(404);
    expect(Number((await api.database.client.execute(`SELECT isHidden FROM providers WHERE slug = 'riverside-lacquer-lounge'`)).rows[0]!.isHidden)).toBe(1);
    expect((await queue('import-batches')).total).toBe(0);
    expect(await audit()).toContainEqual(expect.objectContaining({ action: 'rollback-batch', actor: 'ops-sam', reason: 'Wrong release' }));
  }, 120_000);
});
