/** GET /api/owners/session: who is signed in and what they manage. DELETE: sign out; `?everywhere=true`: on every device. */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { signOut, signOutEverywhere } from '../src/features/owners/index.server';
import { listingsOf } from '../src/features/owners/index.server';
import { requireSameOrigin, requireSession } from '../src/features/owners/index.server';
import { API_HEADERS, json, parseWith, route } from '../src/server/http';
import { signOutParamsSchema } from '../src/features/owners/schemas';

export default route({
  async GET(req) {
    const user = await requireSession(req);
    return json({ email: user.email, listings: await listingsOf(await getDb(), user.userId) });
  },
  async DELETE(req) {
    requireSameOrigin(req);
    // Every session of the account goes (docs/owners.md "Sign-in"): only a signed-in owner may.
    const everywhere = parseWith(signOutParamsSchema, Object.fromEntries(new URL(req.url).searchParams)).everywhere === 'true';
    if (everywhere) await requireSession(req);
    const response = new Response(null, { status: 204, headers: API_HEADERS });
    for (const cookie of await (everywhere ? signOutEverywhere(req) : signOut(req))) response.headers.append('Set-Cookie', cookie);
    return response;
  },
});

export const config: Config = { path: '/api/owners/session' };
