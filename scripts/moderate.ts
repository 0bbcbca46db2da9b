/**
 * `npm run moderate -- <command>`: moderation from the command line against DATABASE_URL (a file or
 * a remote libSQL database; docs/moderation.md). The queues it lists and the decisions it takes are
 * the console's (/operator): the same domain functions (readQueue, decideAny), so either way a decision
 * changes the same rows, counts, CDN tags and pre-built pages. Every decision is recorded with who
 * ($USER), when and why; on Netlify's CDN its purges need NETLIFY_PURGE_API_TOKEN and SITE_ID in
 * the environment, without them nothing is purged and the page's CDN lifetime applies.
 */
import { parseArgs } from 'node:util';
import { getDb } from '../src/db/client';
import { runCommand } from './lib/cli';
import { env } from '../src/env.server';
import { DECISIONS, isDecisionAction, type DecisionAction } from '../src/features/moderation';
import { decideAny } from '../src/features/operators/index.server';
import { printable as p } from '../src/features/moderation';
import { QUEUE_NAMES, QUEUES, isQueueName, type QueueName } from '../src/features/moderation';
import { readQueue } from '../src/features/moderation/index.server';
import type { QueueItem } from '../src/features/moderation/schemas';

const decisionUsage = Object.entries(DECISIONS)
  .map(([action, rule]) => `  ${`${action} ${rule.target} --reason "..."`.padEnd(46)}${rule.does}`)
  .join('\n');

const USAGE = `Usage: npm run moderate -- <command>

  list [QUEUE] [--oldest] [--offset N]      what waits in every queue (or one: ${QUEUE_NAMES.join(', ')}), newest first
  claims                                    the claims queue (list claims)
${decisionUsage}
  operators list                            who holds the operator role (the console at /operator)
  operators add EMAIL --reason "..."        grant it (--also-owner if the account manages listings)
  operators remove EMAIL --reason "..."     revoke it; the account's sessions end at once

DATABASE_URL (and DATABASE_AUTH_TOKEN) choose the database; USER is recorded as who acted.`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const actor = () => env().USER || env().LOGNAME || 'unknown';

/** One item as a few lines; everything printed from the database goes through p() (printable.ts): stored text cannot drive the terminal. */
function printItem(item: QueueItem): void {
  const reasons = [...new Set(item.reports.map((r) => r.reason))].join(',');
  const reported = item.reports.length ? `: ${item.reports.length} report(s), ${p(reasons)}; latest ${p(item.reports.at(-1)!.createdAt)}` : `, ${p(item.at)}`;
  console.log(`\n  ${item.kind} ${p(item.id)} (${p(item.status)})${item.listing ? ` on ${p(item.listing.slug)}` : ''}${reported}`);
  console.log(`    ${p(item.title)}${item.text === null ? '' : `: ${p(item.text)}`}`);
  for (const d of item.details) console.log(`    ${p(d.label)}: ${p(d.value)}`);
  for (const r of item.reports) if (r.details) console.log(`    reported (${p(r.reason)}): ${p(r.details)}`);
  if (item.photo) console.log(`    ${p(item.photo.url)}  "${p(item.photo.alt)}"`);
  if (item.beside) console.log(`    looks like ${p(item.beside.slug)}: ${p(item.beside.title)}`);
  console.log(`    decide: ${item.decisions.join(', ')}`);
}

async function list(queues: readonly QueueName[], order: 'newest' | 'oldest', offset: number): Promise<void> {
  const database = await getDb();
  const pages = await Promise.all(queues.map((queue) => readQueue(database, queue, { order, limit: 20, offset })));
  for (const page of pages) {
    const rule = QUEUES[page.queue];
    if (page.total === 0) {
      console.log(`\n${rule.title}: ${rule.empty}`);
      continue;
    }
    const shown = page.items.length < page.total ? `, ${page.offset + 1}-${page.offset + page.items.length} shown` : '';
    console.log(`\n${rule.title} (${page.total}${shown}), ${order} ${rule.orderedBy} first:`);
    page.items.forEach(printItem);
  }
}

async function act(action: DecisionAction, args: string[], reason: string): Promise<void> {
  const [target, email] = args as [string, string | undefined];
  const result = await decideAny(await getDb(), { action, target, email, reason, actor: actor() });
  console.log(`${p(result.summary)} Recorded as ${action} by ${p(actor())}: "${p(reason)}".`);
  console.log(
    env().NETLIFY_PURGE_API_TOKEN
      ? `Purged CDN tags: ${result.purged.join(', ')}.`
      : `No NETLIFY_PURGE_API_TOKEN: no CDN purge of ${result.purged.join(', ')} (fine for a local database).`,
  );
  if (result.rebuild) console.log(result.rebuild);
}

async function operators(sub: string | undefined, args: string[], reason: string | undefined, alsoOwner: boolean): Promise<void> {
  // Loaded here: the role's module reaches the owners' sign-in (better-auth), which no other command needs.
  const { grantOperator, listOperators, revokeOperator } = await import('../src/features/operators/index.server');
  const database = await getDb();
  if (sub === 'list') {
    if (args.length) fail('operators list takes nothing more.');
    const rows = await listOperators(database);
    console.log(rows.length ? `Operators (${rows.length}):` : 'No operators yet: add one with operators add EMAIL --reason "...".');
    for (const o of rows) console.log(`  ${p(o.email)}  since ${p(o.grantedAt)} by ${p(o.grantedBy)}: "${p(o.reason)}"`);
    return;
  }
  if (sub !== 'add' && sub !== 'remove') fail('operators takes list, add EMAIL or remove EMAIL.');
  if (args.length !== 1) fail(`operators ${sub} takes one email.`);
  if (!reason) fail(`operators ${sub} needs --reason "why": it is kept with the change.`);
  const input = { email: args[0]!, actor: actor(), reason };
  const result = sub === 'add' ? await grantOperator(database, { ...input, alsoOwner }) : await revokeOperator(database, input);
  console.log(`${p(result.summary)} Recorded as ${sub === 'add' ? 'grant-operator' : 'revoke-operator'} by ${p(actor())}: "${p(reason)}".`);
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      reason: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      oldest: { type: 'boolean' },
      offset: { type: 'string' },
      'also-owner': { type: 'boolean' },
    },
  });
  const [command, ...args] = positionals;
  const reason = values.reason?.trim();
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  if (command === 'list' || command === 'claims') {
    const queues = command === 'claims' ? ['claims' as const] : args.length ? args : QUEUE_NAMES;
    const unknown = queues.filter((q) => !isQueueName(q));
    if (unknown.length) fail(`Unknown queue: ${unknown.join(', ')}`);
    const offset = Number(values.offset ?? 0);
    if (!Number.isInteger(offset) || offset < 0) fail('--offset takes a whole number.');
    return list(queues as QueueName[], values.oldest ? 'oldest' : 'newest', offset);
  }
  if (command === 'operators') return operators(args[0], args.slice(1), reason, values['also-owner'] ?? false);
  if (!isDecisionAction(command)) fail(`Unknown command: ${command}`);
  const wanted = DECISIONS[command].target.split(' ');
  if (args.length !== wanted.length) fail(`${command} takes ${wanted.join(' and ')}.`);
  if (!reason) fail(`${command} needs --reason "why": it is kept with the action.`);
  await act(command, args, reason);
}

await runCommand(main, fail);
