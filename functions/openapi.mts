/** GET /api/openapi.json: the OpenAPI 3.1 document of the API, built from the zod schemas (docs/api.md). */
import type { Config } from '@netlify/functions';
import { glowOpenApiDocument } from '../src/openapi/glowApi.server';
import { json, route } from '../src/server/http';

export default route({
  async GET() {
    return json(glowOpenApiDocument());
  },
});

// A literal: Netlify reads config.path without running the module.
export const config: Config = { path: '/api/openapi.json' };
