/**
 * POST /api/insights/beacon: what a page's beacon reports (docs/insights.md "Counting"). Answers
 * 204 whether or not the event was counted (opted out, a crawler, seen in its window), so a page
 * learns nothing about its visitor; a count that fails is logged and still answers 204.
 */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { beaconFromForm, beaconSchema, countBeacon, visitOf } from '../src/features/insights/index.server';
import { requireSameOrigin } from '../src/features/owners/index.server';
import { API_HEADERS, parseWith, readBodyBytes, route } from '../src/server/http';

/** A beacon is a few ids: anything larger is not ours. */
const MAX_BEACON_BYTES = 8 * 1024;

export default route({
  async POST(req, context) {
    requireSameOrigin(req);
    const body = await readBodyBytes(req, MAX_BEACON_BYTES, `A beacon must be at most ${MAX_BEACON_BYTES / 1024} KB`);
    const beacon = parseWith(beaconSchema, beaconFromForm(new URLSearchParams(body.toString('utf8'))));
    try {
      await countBeacon(await getDb(), beacon, visitOf(req.headers, context.ip));
    } catch (error) {
      console.warn(`[insights] a ${beacon.event} beacon was not counted: ${(error as Error).message}`);
    }
    return new Response(null, { status: 204, headers: API_HEADERS });
  },
});

export const config: Config = { path: '/api/insights/beacon' };
