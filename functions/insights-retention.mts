/**
 * Scheduled hourly: deletes insights past their keeping (docs/insights.md "Keeping"): daily counts
 * after 18 months, "already counted" hashes once their day is over. Hourly and in small chunks, so a
 * busy day's hashes go in pieces while beacons keep arriving.
 */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { deleteExpired } from '../src/features/insights/index.server';

export default async (): Promise<Response> => {
  try {
    const deleted = await deleteExpired(await getDb());
    console.log(
      `[insights] retention: deleted ${deleted.counts} daily counts, ${deleted.visits} visit hashes, ${deleted.limits} address counters${deleted.unfinished ? ' (more next hour)' : ''}`,
    );
  } catch (error) {
    console.error(`[insights] retention failed; the next run tries again: ${(error as Error).message}`);
  }
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '@hourly' };
