/**
 * Scheduled every 5 minutes: one rebuild of the pre-built pages for every owner status change that
 * waits, from the owners' own budget (docs/owners.md "Budgets"), never the moderators'.
 */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { runOwnerRebuilds } from '../src/server/buildHook';

export default async (): Promise<Response> => {
  try {
    console.log(`[rebuild] ${await runOwnerRebuilds(await getDb())}`);
  } catch (error) {
    console.error(`[rebuild] owners' rebuild failed: ${(error as Error).message}`);
  }
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/5 * * * *' };
