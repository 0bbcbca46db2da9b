/** `npm run dev`: Astro's dev server answers /api/* with the same functions (issue "Foundation"). */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDatabaseUrl } from '../helpers/api';
import { startServer, type Started } from '../../scripts/lib/processes';

let server: Started;
let base: string;
const { url, dir } = tempDatabaseUrl();

beforeAll(async () => {
  ({ base, server } = await startServer(
    (port) => ({
      command: 'npm',
      args: ['run', 'dev', '--', '--host', '127.0.0.1', '--port', String(port)],
      env: { DATABASE_URL: url, ASTRO_TELEMETRY_DISABLED: '1' },
    }),
    '/api/providers?limit=1',
    120_000,
  ));
}, 150_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it('serves the API from the functions, on a database it created and seeded', async () => {
    const res = await fetch(`${base}/api/search?location=Miami`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('10');
    const missing = await fetch(`${base}/api/providers/by-slug/nobody`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toBe('Provider not found');
  });

  it('serves the pages too', async () => {
    // Right after start Vite may still be optimising dependencies; a page shows up within seconds.
    let res = await fetch(`${base}/about`);
    for (let i = 0; i < 60 && res.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      res = await fetch(`${base}/about`);
    }
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<h1');
  }, 90_000);

  it('renders provider pages on request from its database, 404 for an unknown slug', async () => {
    const [first] = (await (await fetch(`${base}/api/providers?limit=1`)).json()) as { slug: string; name: string }[];
    const page = await fetch(`${base}/provider/${first!.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`/provider/${first!.slug}"`);
    expect((await fetch(`${base}/provider/nobody-by-that-name`)).status).toBe(404);
  }, 60_000);
});
