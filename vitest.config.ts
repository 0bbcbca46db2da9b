import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { sqldUnavailable } from './tests/helpers/sqld';

/** Test files that start the API over a database (startApi): run once over a file and once over sqld. */
const DATABASE_TESTS = ['tests/api/**/*.test.ts', 'tests/site/**/*.test.ts'];
/** Among them, the ones that bring their own database or none (a dev server, a killed process, the build hook). */
const OWN_DATABASE = ['tests/api/dev-server.test.ts', 'tests/api/faults.test.ts', 'tests/api/daily-rebuild.test.ts', 'tests/api/search-round-trips.test.ts'];
const noSqld = sqldUnavailable();
if (noSqld) console.warn(`[vitest] skipping the sqld run of ${DATABASE_TESTS.join(', ')}: ${noSqld}`);

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    exclude: ['tests/e2e/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file gets its own process, its own temporary database and its own server.
    pool: 'forks',
    // README "Test": everything over a libSQL file, then the API and provider-page tests again over
    // a real sqld server of their own (GLOW_TEST_DB=sqld, tests/helpers/api.ts).
    projects: [
      // `include` lives in each project: a project that extends the root concatenates arrays.
      { extends: true, test: { name: 'file', include: ['tests/**/*.test.ts'], exclude: ['tests/e2e/**', 'tests/netlify/**'] } },
      ...(noSqld ? [] : [{ extends: true, test: { name: 'sqld', include: DATABASE_TESTS, exclude: OWN_DATABASE, env: { GLOW_TEST_DB: 'sqld' } } }]),
      // Netlify's own emulation builds the site itself: run last, on its own (`npm run test:netlify`).
      { extends: true, test: { name: 'netlify', include: ['tests/netlify/**/*.test.ts'] } },
    ],
    // `npm run test:coverage`: the pure modules the unit tests (tests/unit/) cover on their own.
    coverage: {
      provider: 'v8',
      include: [
        'src/features/search/searchText.ts',
        'src/features/providers/openNow.ts',
        'src/features/seo/structuredData.server.ts',
        'src/features/providers/slugify.ts',
        'src/features/providers/providerFields.ts',
        'src/features/search/searchTitle.ts',
        'src/features/places/usStates.ts',
        'src/features/catalog/services.ts',
        'src/features/providers/menu.ts',
        'src/features/providers/directions.ts',
        'src/server/http.ts',
        'src/local-server/functionRoutes.ts',
      ],
      reporter: ['text', 'html'],
      thresholds: { lines: 95, statements: 95, functions: 95, branches: 90 },
    },
  },
});
