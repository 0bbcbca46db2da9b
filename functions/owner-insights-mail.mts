/** GET /api/owners/insights-mail: whether the signed-in owner gets the monthly insights email. PUT: turn it on or off (docs/insights.md "Monthly email"). */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { monthlyEmailOn, monthlyEmailSchema, setMonthlyEmail } from '../src/features/insights/index.server';
import { requireSession } from '../src/features/owners/index.server';
import { json, parseWith, readJsonObject, route } from '../src/server/http';

export default route({
  async GET(req) {
    const user = await requireSession(req);
    return json({ monthly: await monthlyEmailOn(await getDb(), user.userId) });
  },
  async PUT(req) {
    const user = await requireSession(req);
    const { monthly } = parseWith(monthlyEmailSchema, await readJsonObject(req));
    await setMonthlyEmail(await getDb(), user.userId, monthly);
    return json({ monthly });
  },
});

export const config: Config = { path: '/api/owners/insights-mail' };
