import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file gets its own process, its own temporary database and its own server.
    pool: 'forks',
    // `npm run test:coverage`: the pure modules the unit tests (tests/unit/) cover on their own.
    coverage: {
      provider: 'v8',
      include: [
        'src/lib/searchText.ts',
        'src/lib/openNow.ts',
        'src/lib/seo/structuredData.ts',
        'src/lib/slugify.ts',
        'src/lib/providerFields.ts',
        'src/lib/searchTitle.ts',
        'src/lib/usStates.ts',
        'src/lib/services.ts',
        'src/lib/menu.ts',
        'src/lib/directions.ts',
        'src/server/http.ts',
        'src/server/functionRoutes.ts',
      ],
      reporter: ['text', 'html'],
      thresholds: { lines: 95, statements: 95, functions: 95, branches: 90 },
    },
  },
});
