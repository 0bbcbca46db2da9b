/** POST /api/photos/{id}/reports: report a photo to the moderators. The photo stays up (docs/photos.md "Moderation"). */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { reportPhoto } from '../src/features/photos/index.server';
import { reportCreateSchema } from '../src/features/reviews/schemas';
import { enforceRateLimit, json, parseWith, readJsonObject, route } from '../src/server/http';

export default route({
  async POST(req, context) {
    const database = await getDb();
    await enforceRateLimit(database, context, 'reports');
    const input = parseWith(reportCreateSchema, await readJsonObject(req));
    return json(await reportPhoto(database, decodeURIComponent(context.params.id ?? ''), input), 201);
  },
});

export const config: Config = { path: '/api/photos/:id/reports' };
