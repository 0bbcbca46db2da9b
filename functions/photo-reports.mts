/** POST /api/photos/{id}/reports: report a photo to the moderators. The photo stays up (docs/photos.md "Moderation"). */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { reportPhoto } from '../src/features/photos/index.server';
import { reportCreateSchema } from '../src/features/reports/schemas';
import { clientKey } from '../src/lib/rateLimit.server';
import { enforceRateLimit, json, parseWith, pathParam, readJsonObject, route } from '../src/server/http';

export default route({
  async POST(req, context) {
    // Bad percent-encoding is a 400 before anything else (docs/security.md "Input edges").
    const photoId = pathParam(context.params, 'id');
    const database = await getDb();
    await enforceRateLimit(database, context, 'reports');
    const input = parseWith(reportCreateSchema, await readJsonObject(req));
    // One report of a photo per client address (docs/security.md "Limits").
    return json(await reportPhoto(database, photoId, input, new Date(), clientKey(context.ip || 'unknown')), 201);
  },
});

export const config: Config = { path: '/api/photos/:id/reports' };
