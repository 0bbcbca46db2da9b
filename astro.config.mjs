// @ts-check
import { defineConfig } from 'astro/config';
import netlify from '@astrojs/netlify';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import keystatic from '@keystatic/astro';
import tailwindcss from '@tailwindcss/vite';
import { env } from './src/env.server.ts';
import { optimizeGuideImage, optimizeGuideImages } from './src/features/content/guideImages.server.ts';
import { SITE_URL } from './src/server/siteUrl.ts';

const building = process.argv.includes('build');
const developing = process.argv.includes('dev');

/**
 * The content editor at /keystatic (docs/editing.md): the files on disk under `npm run dev`, the
 * GitHub repository in a build when KEYSTATIC_GITHUB_REPO is set. Otherwise the integration is not
 * loaded at all, so the build has no /keystatic route and no Keystatic code.
 * @type {import('./src/features/content/editor/config').EditorStorage | null}
 */
const editorStorage = developing
  ? { kind: 'local' }
  : building && env().KEYSTATIC_GITHUB_REPO
    ? { kind: 'github', repo: /** @type {`${string}/${string}`} */ (env().KEYSTATIC_GITHUB_REPO) }
    : null;

/**
 * `npm run dev` answers /api/* with the functions themselves, loaded through Vite so edits reload;
 * the same router as `npm start` (src/local-server/functionRoutes.ts).
 * @returns {import('vite').Plugin}
 */
function glowApi() {
  return {
    name: 'glow-api',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        if (!req.url || !(req.url === '/api' || req.url.startsWith('/api/'))) return next();
        // The editor's own API (docs/editing.md) is a route of the site, not a function.
        if (req.url.startsWith('/api/keystatic/')) return next();
        try {
          const { loadFunctionRoutes } = await server.ssrLoadModule('/src/local-server/functionRoutes.ts');
          const { handleApi } = await server.ssrLoadModule('/src/local-server/nodeAdapter.ts');
          const routes = await loadFunctionRoutes((/** @type {string} */ file) => server.ssrLoadModule(file));
          await handleApi(req, res, routes);
        } catch (error) {
          next(error);
        }
      });
    },
  };
}

/**
 * Pictures added to guides are sized and compressed like the site's own (docs/editing.md
 * "Pictures"): under `npm run dev` as each lands in public/images/guides, in a build on the copy
 * published in dist/.
 * @returns {import('astro').AstroIntegration}
 */
function guidePictures() {
  return {
    name: 'glow-guide-pictures',
    hooks: {
      'astro:server:setup': ({ server, logger }) => {
        const dir = new URL('./public/images/guides/', import.meta.url).pathname;
        server.watcher.add(dir);
        server.watcher.on('add', async (file) => {
          if (!file.startsWith(dir)) return;
          const bytes = await optimizeGuideImage(file).catch((error) => logger.error(`${file}: ${error}`));
          if (typeof bytes === 'number') logger.info(`${file.slice(dir.length)} sized and compressed (${bytes} bytes)`);
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const changed = await optimizeGuideImages(new URL('images/guides/', dir).pathname);
        if (changed) logger.info(`${changed} guide picture(s) sized and compressed`);
      },
    },
  };
}

/**
 * React components render to a string rather than through a stream. A provider page has eight React
 * components, each rendered twice (Astro's renderer check, then the render), and a ReadableStream
 * per render cost a large share of the page's CPU (docs/BENCHMARKS.md "Provider page render"). The
 * integration's own switch (`experimentalDisableStreaming`) drops each island's useId prefix, so
 * two islands could share ids and the client, which hydrates with the prefix, would not match:
 * this passes the prefix as the streaming path does, and fails the build if that code has changed.
 * Builds only: `astro dev` keeps the integration's streaming render.
 * @returns {import('vite').Plugin}
 */
function reactRenderToStringWithPrefix() {
  const unprefixed = 'html = ReactDOM.renderToString(vnode);';
  return {
    name: 'glow-react-render-to-string',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/.test(id)) return null;
      if (!code.includes(unprefixed))
        this.error(`@astrojs/react changed: "${unprefixed}" not found in ${id}; see reactRenderToStringWithPrefix in astro.config.mjs`);
      return code.replace(unprefixed, 'html = ReactDOM.renderToString(vnode, renderOptions);');
    },
  };
}

export default defineConfig({
  site: SITE_URL,
  output: 'static',
  // Provider pages (and the provider sitemap) opt out of pre-rendering; the official adapter turns
  // them into one Netlify function, which `npm start` runs too (docs/architecture.md "Provider pages"). Only the
  // build needs it: the adapter empties its output folder whenever it loads, so `astro dev` and
  // `astro check` (which render or check without it) would delete the built function.
  // Images are local files, so Netlify's image CDN is not used.
  adapter: building ? netlify({ imageCDN: false }) : undefined,
  // Images are pre-built: the on-request image endpoint (which fetches and re-encodes any URL) only answers 404.
  image: { endpoint: { route: '/_image', entrypoint: './src/server/noImageEndpoint.ts' } },
  trailingSlash: 'never',
  // CSS inline in each page: one request less before first paint (the CSP allows inline styles).
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [
    react({ experimentalDisableStreaming: building }),
    // Pre-built pages only; /sitemap-index.xml (rendered on request) lists this file and the provider sitemaps.
    // The request emails' link page (/requests/respond) is noindex and means nothing without its token.
    sitemap({ filenameBase: 'sitemap-pages', filter: (page) => !/\/(404|requests\/respond)$/.test(page.replace(/\/$/, '')) }),
    ...(editorStorage ? [keystatic()] : []),
    guidePictures(),
  ],
  vite: {
    plugins: [tailwindcss(), glowApi(), reactRenderToStringWithPrefix()],
    // Under `npm run dev` the watcher tells of a file once it has stopped growing: the editor writes a
    // file in two steps (emptied, then written) and the watcher drops a second change within 50 ms, so
    // a content loader that read between them kept the empty file (and a new guide picture could be
    // read half-written).
    server: { watch: { awaitWriteFinish: { stabilityThreshold: 100, pollInterval: 25 } } },
    // keystatic.config.ts reads its storage from this constant (the editor's page runs it in the browser).
    define: editorStorage ? { __GLOW_EDITOR_STORAGE__: JSON.stringify(editorStorage) } : {},
    // A feature's modules do nothing when imported but define (docs/architecture.md "Floors"), so a
    // page that takes one name from a feature's entrance bundles only the modules behind that name.
    build: { rolldownOptions: { treeshake: { moduleSideEffects: [{ test: /\/src\/features\/.*\.tsx?$/, sideEffects: false }] } } },
  },
  server: { port: env().PORT, host: true },
});
