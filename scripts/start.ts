/**
 * `npm start`: one Node process serving the site and the API at http://localhost:4321.
 * Creates, migrates and seeds the database when needed, builds when dist/ is missing or older than
 * the sources, then serves dist/ and the functions with Netlify's routing rules. With more than one
 * core it serves from one worker process per core (WEB_CONCURRENCY overrides; README "Environment"):
 * Node answers on one thread, and on Netlify every function instance is a process of its own anyway.
 */
import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { databaseUrl } from '../src/db/client';
import { setupDatabase } from '../src/setup/setup';
import { seedPhotos } from '../src/setup/seedPhotos.server';
import { startLocalBlobs } from '../src/local-server/blobs';
import { env } from '../src/env.server';
import { loadFunctionRoutes } from '../src/local-server/functionRoutes';
import { loadSsrFunction, SSR_FUNCTION } from '../src/local-server/ssrFunction';
import { createSiteServer } from '../src/local-server/staticSite';
import { startSchedules } from '../src/local-server/schedules';

const root = process.cwd();
const dist = join(root, 'dist');
const stamp = join(dist, 'index.html');
// Without SMTP_URL, mail goes to the console and the local outbox here (docs/owners.md "Email");
// set before the workers fork, which inherit it.
process.env.GLOW_LOCAL_MAIL ??= '1';
const { PORT: port, HOST: host, WEB_CONCURRENCY, SKIP_BUILD, BLOBS_DIR, SEED_PHOTOS } = env();

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

const workers = Math.max(1, WEB_CONCURRENCY ?? availableParallelism());

let seeded = 0;
/** The seed photos still being drawn after the covers (awaited before serving). */
let galleries: Promise<number> | null = null;
// Photo bytes: the local Netlify Blobs server, started before the workers fork so they inherit its
// address (src/local-server/blobs.ts); it lives as long as this process.
if (cluster.isPrimary) await startLocalBlobs(resolve(root, BLOBS_DIR));
if (cluster.isPrimary)
  try {
    const setup = await setupDatabase(databaseUrl(), { owners: true });
    seeded = setup.seeded;
    if (setup.migrated.length || seeded) console.log(`[db] applied ${setup.migrated.length} migrations, seeded ${seeded} providers`);
    // A freshly seeded database (or one that just gained the photos table) gets the seed photos.
    // The build's city and landing cards show covers only, so it starts once every provider has its
    // cover, and the rest of the galleries are drawn beside it (docs/photos.md "Seed photos").
    if (seeded > 0 || setup.migrated.some((name) => name.startsWith('0017_'))) {
      console.log('[photos] drawing the seed photos: the covers, then the galleries beside the build');
      let coversDone!: (added: number) => void;
      const covers = new Promise<number>((done) => (coversDone = done));
      galleries = seedPhotos(setup, { ...(SEED_PHOTOS === 'all' ? {} : { first: SEED_PHOTOS }), onCovers: coversDone });
      const added = await Promise.race([covers, galleries]);
      seeded ||= added;
    }
  } catch (error) {
    // The pages are static: with a built site, serve them and let the API answer 503 until the database is back.
    if (!existsSync(stamp)) throw error;
    console.error(`[db] cannot reach the database, serving the built site without it: ${(error as Error).message}`);
  }

/** `astro build`, exiting with its status when it fails. */
function build(): Promise<void> {
  console.log('[build] dist/ is missing or stale: building');
  const child = spawn('astro', ['build'], { stdio: 'inherit', env: process.env, shell: process.platform === 'win32' });
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : process.exit(code ?? 1)));
  });
}

if (cluster.isPrimary) {
  const building =
    !SKIP_BUILD && (!existsSync(stamp) || !existsSync(join(root, SSR_FUNCTION)) || seeded > 0 || newest(sources) > statSync(stamp).mtimeMs) ? build() : null;
  // Said when the galleries are done, not when the build is (bench/first-start.ts times both).
  await Promise.all([
    galleries?.then(
      (photos) => console.log(`[photos] added ${photos} seed photos`),
      (error: Error) => console.error(`[photos] the seed photos stopped short: ${error.message}`),
    ),
    building,
  ]);
}

// Scheduled functions (the mail outbox, reminders) run on timers in the primary alone, once per machine (docs/mail.md "Worker").
if (cluster.isPrimary) await startSchedules((file) => import(file));

const serving = () => console.log(`[glow] serving http://localhost:${port} (database ${databaseUrl().replace(/\/\/.*@/, '//***@')})`);
if (cluster.isPrimary && workers > 1) {
  // The workers share the port; the primary only starts them, and says so once all listen.
  let listening = 0;
  cluster.on('listening', () => ++listening === workers && serving());
  cluster.on('exit', (worker, code, signal) => {
    if (signal !== 'SIGTERM' && signal !== 'SIGINT') console.error(`[glow] worker ${worker.process.pid} exited (${signal ?? code})`);
  });
  for (let i = 0; i < workers; i++) cluster.fork();
  const stop = () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} else {
  const routes = await loadFunctionRoutes((file) => import(file));
  // Provider pages: the Netlify adapter's own on-request function, written by the build.
  const render = (await loadSsrFunction(root)) ?? undefined;
  const server = createSiteServer({ distDir: dist, routes, render });
  server.listen(port, host, () => cluster.isPrimary && serving());
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
