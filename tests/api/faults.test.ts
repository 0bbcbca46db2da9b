/**
 * Faults (issue "Hardening"): an unreachable database gives 503 JSON errors while the static pages
 * keep serving; the local database survives the server being killed during a burst of writes.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type Started } from '../../scripts/lib/processes';
import { tempDatabaseUrl } from '../helpers/api';

const started: Started[] = [];
const blobsDir = mkdtempSync(join(tmpdir(), 'glow-faults-blobs-'));
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
  rmSync(blobsDir, { recursive: true, force: true });
});

/**
 * `npm start` as an operator runs it, with SKIP_BUILD so it serves dist/ as it is; its photo bytes in
 * a folder of the test's own (never data/), and no seed photos, which these faults do not concern.
 */
async function serve(env: Record<string, string>): Promise<{ base: string; server: Started }> {
  const running = await startServer(
    (port) => ({
      command: 'npx',
      args: ['tsx', 'scripts/start.ts'],
      env: { PORT: String(port), HOST: '127.0.0.1', SKIP_BUILD: '1', BLOBS_DIR: blobsDir, SEED_PHOTOS: '0', ...env },
    }),
    '/api/search?limit=1',
    60_000,
  );
  started.push(running.server);
  return running;
}

describe('an unreachable database', () => {
  it('makes the API answer 503 with a JSON error, while the static pages keep serving', async () => {
    const hadDist = existsSync('dist/index.html');
    if (!hadDist) {
      // The test command builds first; run alone, give the server a page to serve.
      mkdirSync('dist', { recursive: true });
      writeFileSync('dist/index.html', '<!doctype html><title>Glow</title><h1>Glow</h1>');
    }
    // Nothing listens on port 9 (discard): every database call fails to connect.
    const { base } = await serve({ DATABASE_URL: 'http://127.0.0.1:9' });
    for (const path of ['/api/search?location=Chicago', '/api/providers', '/api/providers/by-slug/anything']) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after')).toBe('30');
      expect(((await res.json()) as { error: string }).error).toBe('The directory is temporarily unavailable. Please try again shortly.');
    }
    const post = await fetch(`${base}/api/reviews`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(post.status).toBe(503);
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<h1');
    if (!hadDist) rmSync('dist', { recursive: true, force: true });
  });
});

describe('a killed server', () => {
  it('loses no acknowledged review and leaves the database consistent (WAL)', async () => {
    const { url, dir } = tempDatabaseUrl();
    const env = { DATABASE_URL: url, RATE_LIMIT_REVIEWS: '1000000', RATE_LIMIT_REVIEWS_PER_PROVIDER: '1000000' };
    const first = await serve(env);
    const providers = (await (await fetch(`${first.base}/api/providers?limit=20`)).json()) as { id: string }[];
    const acknowledged: string[] = [];
    let stop = false;
    // A steady burst of writes from 8 clients...
    const workers = Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        try {
          const res = await fetch(`${first.base}/api/reviews`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({
              providerId: providers[(w + i) % providers.length]!.id,
              customerName: `Burst ${w}-${i}`,
              rating: (i % 5) + 1,
              comment: null,
            }),
          });
          if (res.status === 201) acknowledged.push(((await res.json()) as { id: string }).id);
        } catch {
          return; // the server is gone
        }
      }
    });
    await new Promise((r) => setTimeout(r, 1500));
    // ...and the server is killed outright in the middle of it.
    process.kill(-first.server.child.pid!, 'SIGKILL');
    stop = true;
    await Promise.all(workers);
    expect(acknowledged.length).toBeGreaterThan(10);

    const db = createClient({ url });
    expect((await db.execute('PRAGMA integrity_check')).rows[0]![0]).toBe('ok');
    expect((await db.execute('PRAGMA journal_mode')).rows[0]![0]).toBe('wal');
    const stored = new Set((await db.execute("SELECT id FROM reviews WHERE customerName LIKE 'Burst %'")).rows.map((r) => String(r.id)));
    for (const id of acknowledged) expect(stored.has(id), id).toBe(true);
    const { rows } = await db.execute(`
      SELECT p.slug, p.rating, p.reviewCount, count(r.id) AS n, coalesce(round(avg(r.rating), 1), 0) AS mean
      FROM providers p LEFT JOIN reviews r ON r.providerId = p.id GROUP BY p.id`);
    for (const row of rows) {
      expect(row.reviewCount, String(row.slug)).toBe(row.n);
      expect(row.rating, String(row.slug)).toBe(row.mean);
    }
    db.close();

    // The server starts again on the same file and serves what was written.
    const second = await serve(env);
    const res = await fetch(`${second.base}/api/providers/${providers[0]!.id}/reviews`);
    expect(res.status).toBe(200);
    await second.server.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});
