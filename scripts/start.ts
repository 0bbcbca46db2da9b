/**
 * `npm start`: one Node process serving the site and the API at http://localhost:4321.
 * Creates, migrates and seeds the database when needed, builds when dist/ is missing or older than
 * the sources, then serves dist/ and the functions with Netlify's routing rules.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { databaseUrl } from '../src/lib/db/client';
import { setupDatabase } from '../src/lib/db/setup';
import { loadFunctionRoutes } from '../src/server/functionRoutes';
import { loadSsrFunction, SSR_FUNCTION } from '../src/server/ssrFunction';
import { createSiteServer } from '../src/server/staticSite';

const root = process.cwd();
const dist = join(root, 'dist');
const stamp = join(dist, 'index.html');
const port = Number(process.env.PORT || 4321);
const host = process.env.HOST || '0.0.0.0';

/** Newest modification time under the given paths. */
function newest(paths: string[]): number {
  let latest = 0;
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) for (const entry of readdirSync(p)) visit(join(p, entry));
    else latest = Math.max(latest, st.mtimeMs);
  };
  paths.forEach(visit);
  return latest;
}

const sources = ['src', 'content', 'public', 'migrations', 'astro.config.mjs', 'package.json'].map((p) => join(root, p));

let seeded = 0;
try {
  const setup = await setupDatabase(databaseUrl());
  seeded = setup.seeded;
  if (setup.migrated.length || seeded) console.log(`[db] applied ${setup.migrated.length} migrations, seeded ${seeded} providers`);
} catch (error) {
  // The pages are static: with a built site, serve them and let the API answer 503 until the database is back.
  if (!existsSync(stamp)) throw error;
  console.error(`[db] cannot reach the database, serving the built site without it: ${(error as Error).message}`);
}

if (process.env.SKIP_BUILD !== '1' && (!existsSync(stamp) || !existsSync(join(root, SSR_FUNCTION)) || seeded > 0 || newest(sources) > statSync(stamp).mtimeMs)) {
  console.log('[build] dist/ is missing or stale: building');
  const build = spawnSync('astro', ['build'], { stdio: 'inherit', env: process.env, shell: process.platform === 'win32' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const routes = await loadFunctionRoutes((file) => import(file));
// Provider pages: the Netlify adapter's own on-request function, written by the build.
const render = (await loadSsrFunction(root)) ?? undefined;
const server = createSiteServer({ distDir: dist, routes, render });
server.listen(port, host, () => {
  console.log(`[glow] serving http://localhost:${port} (database ${databaseUrl().replace(/\/\/.*@/, '//***@')})`);
});

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
