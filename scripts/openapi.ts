/** `npm run openapi`: writes the API's OpenAPI document to docs/openapi.json (docs/api.md). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { glowOpenApiDocument } from '../src/openapi/glowApi.server';

const file = join(process.cwd(), 'docs', 'openapi.json');
writeFileSync(file, `${JSON.stringify(glowOpenApiDocument(), null, 2)}\n`);
console.log(`Wrote ${file}`);
