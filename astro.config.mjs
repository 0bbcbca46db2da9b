// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';

const site = (process.env.SITE_URL || 'https://glow.example.com').replace(/\/+$/, '');

/**
 * `npm run dev` answers /api/* with the functions themselves, loaded through Vite so edits reload;
 * the same router as `npm start` (src/server/functionRoutes.ts).
 * @returns {import('vite').Plugin}
 */
function glowApi() {
  return {
    name: 'glow-api',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        if (!req.url || !(req.url === '/api' || req.url.startsWith('/api/'))) return next();
        try {
          const { loadFunctionRoutes } = await server.ssrLoadModule('/src/server/functionRoutes.ts');
          const { handleApi } = await server.ssrLoadModule('/src/server/nodeAdapter.ts');
          const routes = await loadFunctionRoutes((/** @type {string} */ file) => server.ssrLoadModule(file));
          await handleApi(req, res, routes);
        } catch (error) {
          next(error);
        }
      });
    },
  };
}

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  // CSS inline in each page: one request less before first paint (the CSP allows inline styles).
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [
    react(),
    sitemap({ filter: (page) => !/\/(404|provider-fallback)$/.test(page.replace(/\/$/, '')) }),
  ],
  vite: {
    plugins: [tailwindcss(), glowApi()],
  },
  server: { port: Number(process.env.PORT || 4321), host: true },
});
