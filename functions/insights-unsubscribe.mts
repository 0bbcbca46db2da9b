/**
 * POST /api/insights/unsubscribe?u=&t=: the monthly email's one-click unsubscribe (RFC 8058; the
 * address of its `List-Unsubscribe` header). The link's proof stands in for a session, so a mail
 * provider may post it from anywhere; a wrong proof is 403 and changes nothing. A form posted from
 * /business/unsubscribe is answered with a redirect back to that page, which then says it is done.
 */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { setMonthlyEmail, unsubscribeQuerySchema, validUnsubscribe } from '../src/features/insights/index.server';
import { HttpError, json, parseWith, route } from '../src/server/http';

export default route({
  async POST(req) {
    const url = new URL(req.url);
    const { u, t, from } = parseWith(unsubscribeQuerySchema, Object.fromEntries(url.searchParams));
    if (!validUnsubscribe(u, t)) throw new HttpError(403, 'This unsubscribe link is not valid. Turn the monthly email off in your dashboard instead.');
    await setMonthlyEmail(await getDb(), u, false);
    if (from === 'page') return new Response(null, { status: 303, headers: { Location: '/business/unsubscribe?done=1', 'Cache-Control': 'no-store' } });
    return json({ monthly: false });
  },
});

export const config: Config = { path: '/api/insights/unsubscribe' };
