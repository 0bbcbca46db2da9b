/**
 * POST /api/operator/sign-out: ends the session and goes back to /operator (303). The console's sign-out is
 * a plain form, so it works without JavaScript; the browser sends the Origin a form POST carries.
 */
import type { Config } from '@netlify/functions';
import { requireSameOrigin, signOut } from '../src/features/owners/index.server';
import { API_HEADERS, route } from '../src/server/http';

export default route({
  async POST(req) {
    requireSameOrigin(req);
    const response = new Response(null, { status: 303, headers: { ...API_HEADERS, Location: '/operator' } });
    for (const cookie of await signOut(req)) response.headers.append('Set-Cookie', cookie);
    return response;
  },
});

export const config: Config = { path: '/api/operator/sign-out' };
