/** Scheduled daily: merges the full-text index into one segment (src/features/search/textIndex.server.ts). */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { mergeTextIndex } from '../src/features/search/index.server';

export default async (): Promise<Response> => {
  const { before, after } = await mergeTextIndex(await getDb());
  console.log(`[text-index] ${before} segment(s) merged into ${after}`);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '@daily' };
