/**
 * JavaScript weight per page type (docs/BENCHMARKS.md): pages with nothing to hydrate load no React
 * and next to no JavaScript before interaction; React reaches a page only through an astro-island.
 * Reads dist/, which `npm test` builds first. The per-page byte totals are printed (console.table).
 *
 * "Before interaction" = every <script type="module" src>, <link rel="modulepreload">, and inline
 * <script> of the HTML, plus the chunks those import statically (`import … from "./x.js"`,
 * `import "./x.js"`, `export … from "./x.js"`), followed transitively. Dynamic import() does not
 * count: it runs only when code asks for it (e.g. on a click). Islands are counted apart: their
 * component and renderer URLs and those chunks' static imports. The provider page and /contact are
 * held to a compressed budget that counts their islands too (BUDGET_PAGES).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { transformWithEsbuild } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { startApi } from '../helpers/api';

const DIST = join(process.cwd(), 'dist');

/** Most JavaScript a page without islands may load before interaction (raw bytes, not gzip). */
const NO_ISLAND_BUDGET_BYTES = 4 * 1024;

/** Most the insights beacon may add to the provider page (docs/insights.md "Off the hot path"). */
const INSIGHTS_BEACON_BUDGET_BYTES = 1024;

/** Most JavaScript, gzip-compressed, the provider page and /contact may load before interaction (docs/BENCHMARKS.md). */
const ISLAND_PAGE_BUDGET_GZIP = 80 * 1024;

/**
 * Pages held to that budget, by the islands they hydrate. Their JavaScript is the scripts every page
 * with islands loads (module scripts, modulepreloads and inline scripts of `layoutFrom`, a page with
 * the same layout and hydration directive), the React renderer, and each island's chunk
 * (`_astro/<Component>.<hash>.js`) with their static imports. Measured from the islands' chunks, not
 * from the page's HTML, so the provider page is measured whether it is pre-built into dist/ or
 * rendered on request. Where the page is built (`page`), its islands must be the ones listed here.
 */
const BUDGET_PAGES: { type: string; layoutFrom: string; page?: string; islands: string[]; beacon?: true }[] = [
  { type: 'contact', layoutFrom: 'contact.html', page: 'contact.html', islands: ['ContactForm'] },
  // The provider page also carries the insights beacon: its budget grows by the beacon's (1 KB) and no more.
  { type: 'provider', layoutFrom: 'contact.html', page: 'provider/lacquer-lace-nail-studio-new-york', islands: ['Reviews', 'FaqAccordion'], beacon: true },
];

/** Page types and one built page of each. `island: false` pages must have nothing to hydrate. */
const PAGES: { type: string; file: string; island?: false; rendered?: true }[] = [
  { type: 'home', file: 'index.html' },
  { type: 'search', file: 'search.html' },
  { type: 'provider', file: 'provider/lacquer-lace-nail-studio-new-york', rendered: true },
  { type: 'city', file: 'city/chicago.html' },
  { type: 'landing', file: 'nail-salon-near-me.html' },
  { type: 'faq', file: 'faq.html' },
  { type: 'contact', file: 'contact.html' },
  { type: 'for-businesses', file: 'for-businesses.html' },
  { type: 'salon-pricing-guide', file: 'salon-pricing-guide.html' },
  { type: 'guide', file: 'guides/nail-shapes.html', island: false },
  { type: 'about', file: 'about.html', island: false },
  { type: 'privacy', file: 'privacy.html', island: false },
  { type: 'terms', file: 'terms.html', island: false },
  { type: 'review-guidelines', file: 'review-guidelines.html', island: false },
  { type: 'help', file: 'help.html', island: false },
  { type: 'how-it-works', file: 'how-it-works.html', island: false },
  { type: 'beauty-tips', file: 'beauty-tips.html', island: false },
  { type: '404', file: '404.html', island: false },
];

/**
 * React is recognised by content, not by chunk name (names are hashes and chunking changes with
 * the bundler). These strings survive minification because they are string literals or property
 * names shared with other packages and devtools, so no minifier may rename them:
 * - `__REACT_DEVTOOLS_GLOBAL_HOOK__`: React DOM registers its renderer with the devtools under this
 *   global; only the react-dom client (the ~200 KB chunk with createRoot/hydrateRoot) has it.
 * - `__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE` (React 19) and
 *   `__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED` (React 18): the `react` package's shared
 *   internals, present in React core and read by React DOM.
 * - `react.transitional.element` / `react.element`: the Symbol.for keys of React elements, in the
 *   JSX runtime and React core.
 * Searching for "react-dom" or "createRoot" is less robust: error-message URLs and Astro's own
 * island loader mention those names without being React.
 */
const REACT_DOM_MARKERS = ['__REACT_DEVTOOLS_GLOBAL_HOOK__'];
const REACT_MARKERS = [
  ...REACT_DOM_MARKERS,
  '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE',
  '__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED',
  'react.transitional.element',
  'Symbol.for("react.element")',
  'Symbol.for(`react.element`)',
  "Symbol.for('react.element')",
];

/** Static import/re-export specifiers of an ES module; `import(` (dynamic) and `import.meta` do not match. */
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?(["'])([^"'\n]+)\1/g;

const source = new Map<string, string>();
function read(url: string): string {
  let text = source.get(url);
  if (text === undefined) {
    // Netlify builds add ?dpl=<deploy id> to asset URLs (skew protection); the file is the path.
    const file = join(DIST, decodeURIComponent(url.replace(/^\//, '').replace(/\?.*$/, '')));
    if (!existsSync(file)) throw new Error(`${url} is referenced but missing from dist/`);
    text = readFileSync(file, 'utf8');
    source.set(url, text);
  }
  return text;
}

/** A module URL (site-absolute) with everything it imports statically, transitively. */
function closure(urls: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    for (const spec of staticImports(read(url))) visit(resolve(spec, url));
  };
  for (const url of urls) visit(url);
  return seen;
}
const staticImports = (code: string) => [...code.matchAll(STATIC_IMPORT)].map((m) => m[2]!).filter((s) => s.startsWith('.') || s.startsWith('/'));
const resolve = (spec: string, from: string) => (spec.startsWith('/') ? spec : posix.join(posix.dirname(from), spec));
const isReact = (url: string) => REACT_MARKERS.some((m) => read(url).includes(m));
const isReactDom = (url: string) => REACT_DOM_MARKERS.some((m) => read(url).includes(m));
const bytes = (urls: Iterable<string>) => [...urls].reduce((n, u) => n + Buffer.byteLength(read(u)), 0);
const gzipBytes = (urls: Iterable<string>) => [...urls].reduce((n, u) => n + gzipSync(read(u)).length, 0);
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replace(/&amp;/g, '&');

interface PageJs {
  type: string;
  file: string;
  /** Module URLs the HTML loads itself (script src, modulepreload), with their static imports. */
  direct: Set<string>;
  /** Inline scripts other than JSON-LD, and their size. */
  inlineBytes: number;
  inlineGzipBytes: number;
  inlineImports: Set<string>;
  islands: { component: string; renderer?: string; client: string }[];
  /** Islands' component and renderer modules with their static imports. */
  islandModules: Set<string>;
}

/** Pages rendered on request, by the path they stand for (filled in beforeAll from `npm start`'s server). */
const rendered = new Map<string, string>();

function analyse(type: string, file: string): PageJs {
  const html = rendered.get(file) ?? readFileSync(join(DIST, file), 'utf8');
  const roots = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attr(m[0], 'src');
    if (src) roots.add(src);
  }
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)) {
    const href = attr(m[0], 'href');
    if (href) roots.add(href);
  }
  let inlineBytes = 0;
  let inlineGzipBytes = 0;
  const inlineRoots = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1]!;
    if (/\ssrc=/.test(attrs) || /type="application\/(ld\+)?json"/.test(attrs)) continue;
    inlineBytes += Buffer.byteLength(m[2]!);
    inlineGzipBytes += m[2]!.trim() ? gzipSync(m[2]!).length : 0;
    if (/type="module"/.test(attrs)) for (const spec of staticImports(m[2]!)) inlineRoots.add(resolve(spec, `/${file}`));
  }
  const islands = [...html.matchAll(/<astro-island\b[^>]*>/g)].map((m) => ({
    component: attr(m[0], 'component-url')!,
    renderer: attr(m[0], 'renderer-url') || undefined,
    client: attr(m[0], 'client') ?? '?',
  }));
  const islandRoots = islands.flatMap((i) => [i.component, ...(i.renderer ? [i.renderer] : [])]);
  return {
    type,
    file,
    direct: closure(roots),
    inlineBytes,
    inlineGzipBytes,
    inlineImports: closure(inlineRoots),
    islands,
    islandModules: closure(islandRoots),
  };
}

/** "/_astro/Reviews.DZ3x1a.js" → "Reviews". */
const islandName = (url: string) => posix.basename(url).replace(/\..*$/, '');

/**
 * The built chunks named after an island component. There may be two: the island's entry can be a
 * one-line re-export of a chunk of the same name that other islands share (ProviderFallback shows
 * reviews too); counting both is exact for the entry and at worst strict.
 */
function islandChunks(name: string): string[] {
  const files = readdirSync(join(DIST, '_astro')).filter((f) => f.endsWith('.js') && islandName(f) === name);
  if (!files.length) throw new Error(`No _astro/${name}.*.js chunk in this build`);
  return files.map((f) => `/_astro/${f}`);
}

let pages: PageJs[] = [];

/** The content editor's page and API: absent from a build without KEYSTATIC_GITHUB_REPO (docs/editing.md "Deploy"). */
const EDITOR_PATHS = ['/keystatic', '/keystatic/collection/guides', '/api/keystatic/tree'];
const editorStatus = new Map<string, number>();

beforeAll(async () => {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  const site = await startApi({ site: true });
  try {
    for (const page of PAGES.filter((p) => p.rendered)) rendered.set(page.file, await (await site.get(`/${page.file}`)).text());
    for (const path of EDITOR_PATHS) editorStatus.set(path, (await site.get(path)).status);
  } finally {
    await site.close();
  }
  pages = PAGES.map((p) => analyse(p.type, p.file));
  const kb = (n: number) => Math.round(n / 102.4) / 10;
  console.table(
    pages.map((p) => {
      const before = new Set([...p.direct, ...p.inlineImports]);
      return {
        page: p.type,
        'module scripts': [...before].map((u) => posix.basename(u).replace(/\.[\w-]+\.js$/, '')).join(' ') || '-',
        'JS before interaction KB': kb(bytes(before) + p.inlineBytes),
        'gzip KB': kb(gzipBytes(before) + p.inlineGzipBytes),
        'inline KB': kb(p.inlineBytes),
        islands: p.islands.map((i) => `${islandName(i.component)}(${i.client})`).join(' ') || '-',
        'island JS KB': kb(bytes([...p.islandModules].filter((u) => !before.has(u)))),
        'React via island': [...p.islandModules].some(isReactDom) ? 'yes' : 'no',
      };
    }),
  );
});

describe('JavaScript weight per page type', () => {
  for (const page of PAGES) {
    it(`${page.type}: React only through an astro-island`, () => {
      const p = pages.find((x) => x.type === page.type)!;
      const before = [...p.direct, ...p.inlineImports];
      expect(before.filter(isReact), `${page.file} loads React outside any island`).toEqual([]);
      // Where an island is present and hydrates with React, its renderer brings React DOM in.
      if (p.islands.some((i) => i.renderer)) expect([...p.islandModules].some(isReactDom), `${page.file}: island without React DOM`).toBe(true);
    });
  }

  for (const page of PAGES.filter((p) => p.island === false)) {
    it(`${page.type}: nothing to hydrate, no React, at most ${NO_ISLAND_BUDGET_BYTES / 1024} KB of JS before interaction`, () => {
      const p = pages.find((x) => x.type === page.type)!;
      expect(
        p.islands.map((i) => i.component),
        `${page.file} has islands`,
      ).toEqual([]);
      const before = new Set([...p.direct, ...p.inlineImports]);
      expect([...before].filter(isReact), `${page.file} loads React`).toEqual([]);
      expect(bytes(before) + p.inlineBytes, `${page.file}: ${[...before].join(', ')} + ${p.inlineBytes} B inline`).toBeLessThanOrEqual(NO_ISLAND_BUDGET_BYTES);
    });
  }

  for (const budget of BUDGET_PAGES) {
    const limit = ISLAND_PAGE_BUDGET_GZIP + (budget.beacon ? INSIGHTS_BEACON_BUDGET_BYTES : 0);
    it(`${budget.type}: at most ${limit / 1024} KB of compressed JS before interaction, islands included`, () => {
      const layout = analyse(budget.type, budget.layoutFrom);
      if (budget.page && (rendered.has(budget.page) || existsSync(join(DIST, budget.page)))) {
        const built = analyse(budget.type, budget.page);
        expect(built.islands.map((i) => islandName(i.component)).sort(), `${budget.page}: islands`).toEqual([...budget.islands].sort());
        // The built page itself, measured from its HTML, is held to the same budget.
        const own = new Set([...built.direct, ...built.inlineImports, ...built.islandModules]);
        const ownTotal = gzipBytes(own) + built.inlineGzipBytes;
        console.log(`${budget.page}: ${Math.round(ownTotal / 102.4) / 10} KB gzip from its HTML`);
        expect(ownTotal, `${budget.page}: ${[...own].join(', ')}`).toBeLessThanOrEqual(limit);
      }
      const renderers = layout.islands.flatMap((i) => (i.renderer ? [i.renderer] : []));
      expect(renderers.length, `${budget.layoutFrom} hydrates no React island`).toBeGreaterThan(0);
      const modules = closure([...layout.direct, ...layout.inlineImports, ...renderers, ...budget.islands.flatMap(islandChunks)]);
      const total = gzipBytes(modules) + layout.inlineGzipBytes;
      console.log(
        `${budget.type}: ${Math.round(total / 102.4) / 10} KB gzip before interaction (${[...modules].map((u) => posix.basename(u)).join(' ')} + inline)`,
      );
      expect(total, `${budget.type}: ${[...modules].join(', ')}`).toBeLessThanOrEqual(limit);
    });
  }

  it(`provider: the insights beacon is at most ${INSIGHTS_BEACON_BUDGET_BYTES} bytes minified, and reaches the page`, async () => {
    const source = readFileSync(join(process.cwd(), 'src/scripts/insightsBeacon.ts'), 'utf8');
    const { code } = await transformWithEsbuild(source, 'insightsBeacon.ts', { minify: true, format: 'esm' });
    console.log(`insights beacon: ${Buffer.byteLength(code)} B minified, ${gzipSync(code).length} B gzip`);
    expect(Buffer.byteLength(code)).toBeLessThanOrEqual(INSIGHTS_BEACON_BUDGET_BYTES);
    const provider = pages.find((p) => p.type === 'provider')!;
    expect(
      [...provider.direct].some((url) => read(url).includes('/api/insights/beacon')),
      'the provider page loads the beacon',
    ).toBe(true);
  });

  it('the built site has no content editor: /keystatic and its API answer 404', () => {
    expect(Object.fromEntries(editorStatus)).toEqual(Object.fromEntries(EDITOR_PATHS.map((p) => [p, 404])));
  });

  for (const page of PAGES) {
    it(`${page.type}: loads no code or style of the content editor`, () => {
      const p = pages.find((x) => x.type === page.type)!;
      const html = rendered.get(page.file) ?? readFileSync(join(DIST, page.file), 'utf8');
      expect(html, `${page.file} mentions the editor`).not.toMatch(/keystatic|@keystar/i);
      const modules = [...p.direct, ...p.inlineImports, ...p.islandModules];
      expect(
        modules.filter((u) => /keystatic|@keystar/i.test(u) || /keystatic|@keystar\/ui/i.test(read(u))),
        `${page.file} loads the editor's code`,
      ).toEqual([]);
    });
  }

  it('recognises React by content (the markers still match this build)', () => {
    const chunks = readdirSync(join(DIST, '_astro'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => `/_astro/${f}`);
    // Some page has an island, so the build holds React DOM; if no chunk matched, the markers are stale.
    if (pages.some((p) => p.islands.length)) expect(chunks.some(isReactDom)).toBe(true);
  });
});
