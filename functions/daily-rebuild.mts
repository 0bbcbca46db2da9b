/** Scheduled daily: rebuilds the site so pre-built pages show current provider data (README "Deploy"). */
import type { Config } from '@netlify/functions';
import { triggerRebuild } from '../src/server/buildHook';

export default async (): Promise<Response> => {
  try {
    console.log(`[rebuild] ${await triggerRebuild()}`);
  } catch (error) {
    console.error(`[rebuild] failed: ${(error as Error).message}`);
  }
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '@daily' };
