/** GET /api/owners/session: who is signed in and what they manage. DELETE: sign out. */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { signOut } from '../src/features/owners/auth.server';
import { listingsOf } from '../src/features/owners/claims.server';
import { requireSameOrigin, requireSession } from '../src/features/owners/requireOwner.server';
import { API_HEADERS, json, route } from '../src/server/http';

export default route({
  async GET(req) {
    const user = await requireSession(req);
    return json({ email: user.email, listings: await listingsOf(await getDb(), user.userId) });
  },
  async DELETE(req) {
    requireSameOrigin(req);
    const response = new Response(null, { status: 204, headers: API_HEADERS });
    for (const cookie of await signOut(req)) response.headers.append('Set-Cookie', cookie);
    return response;
  },
});

export const config: Config = { path: '/api/owners/session' };
