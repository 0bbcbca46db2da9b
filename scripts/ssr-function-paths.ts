/**
 * After `astro build`: the on-request renderer (the Astro adapter's `ssr` function, path `/*`) is
 * told to leave `/api/*` to the API functions. On Netlify the API functions win by priority anyway;
 * `netlify serve` instead tries functions in the order it unpacked them, so an API function bigger
 * than the renderer (the owner calls, listings, photos) was answered by the renderer's 404 page
 * (docs/testing.md). The adapter writes this config inline for Netlify to read statically, and has
 * no option for it, hence the edit; the build fails if the adapter's output ever changes shape.
 * `netlify serve` reads the exclusion through the netlify-cli patch in patches/.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { SSR_FUNCTION } from '../src/local-server/ssrFunction';

const MARK = 'preferStatic: true,';
const EXCLUDED = "excludedPath: ['/api/*'],";
const source = readFileSync(SSR_FUNCTION, 'utf8');
if (!source.includes(EXCLUDED)) {
  if (source.split(MARK).length !== 2) throw new Error(`${SSR_FUNCTION}: expected one "${MARK}" in the adapter's config; its output changed`);
  writeFileSync(SSR_FUNCTION, source.replace(MARK, `${MARK}\n\t\t\t\t${EXCLUDED}`));
}
console.log(`[build] ${SSR_FUNCTION}: the renderer leaves /api/* to the API functions`);
