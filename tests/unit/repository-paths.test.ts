/**
 * Every repository path named in the README, docs/*.md and the sources (comments and code alike)
 * exists, so a comment that cites a moved or deleted file fails here rather than misleading the next
 * reader; and the README stays a front door (README "Read more" holds the rest).
 *
 * A path is a word that starts at one of the repository's own top-level folders or files
 * (`src/…`, `docs/…`, `migrations/…`, `README.md`, …). It resolves when it is a file or a folder, a
 * module named without its extension, or a migration named by its number (`migrations/0010`).
 * Globs (`content/faq/*.json`) and placeholders (`src/features/<feature>/`, `{slug}`) must match at
 * least one file. Relative Markdown links resolve from the document's folder. Paths after a `/`
 * (URLs, `../`, absolute paths) and build or install output (node_modules, dist, .netlify, data)
 * are not the repository's and are not checked.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
/** Generated, installed or local-only: never part of the repository. */
const SKIP = new Set(['.git', 'node_modules', 'dist', '.astro', 'data', '.netlify', 'test-results', 'playwright-report', '.test-data', 'coverage']);
/** Files whose text is scanned: sources, configuration, SQL, styles and documents. */
const SCANNED = /\.(ts|tsx|mts|mjs|js|astro|sql|toml|css|md)$/;
/** Large or generated files that name no paths of their own. */
const NOT_SCANNED = [/^public\//, /^content\//, /^imagegen\/svg\//, /^package-lock\.json$/];

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

const FILES = walk('');
const FOLDERS = new Set(
  FILES.flatMap((f) =>
    f
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);
const TOP = readdirSync(ROOT).filter((name) => !SKIP.has(name) && name !== '.gitignore');
const TOP_FOLDERS = TOP.filter((name) => statSync(join(ROOT, name)).isDirectory());
const TOP_FILES = TOP.filter((name) => !TOP_FOLDERS.includes(name));

const escapeRegExp = (text: string) => text.replace(/[.+?^$()|\\]/g, '\\$&');
/** A path-shaped word: a top-level folder and what follows it, or a top-level file. */
const PATH = new RegExp(
  `(?<![\\w./@~$-])(?:(?:${TOP_FOLDERS.map(escapeRegExp).join('|')})/(?:[\\w.\\-[\\]<>*/…]|\\{[^}\\s]*\\})*|(?:${TOP_FILES.map(escapeRegExp).join('|')})(?![\\w.-]))`,
  'g',
);
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '.js', '.astro', '.json', '.md'];

/** The path without what ends a sentence around it. */
const trim = (word: string) => word.replace(/(?:\.{2,}|…)$/, '').replace(/[.,:;)}\]>]+$/, '');

/** A glob or placeholder as a pattern over repository paths. */
function pattern(path: string): RegExp {
  const segment = (part: string) =>
    part
      .replace(/[.+?^$()|\\]/g, '\\$&')
      .replace(/<[^>/]+>|\{[^}/]+\}/g, '[^/]+')
      .replace(/\*/g, '[^/]*');
  // `**/` is any number of folders, `**` at the end anything.
  const source = path
    .split('**/')
    .map((part) => part.split('**').map(segment).join('.*'))
    .join('(?:.*/)?');
  return new RegExp(`^${source.replace(/\/$/, '')}(?:/.*)?$`);
}

/** `a/{b,c}.md` as `a/b.md` and `a/c.md`. */
function expand(path: string): string[] {
  const braces = /\{([^}/]*,[^}/]*)\}/.exec(path);
  if (!braces) return [path];
  return braces[1]!.split(',').flatMap((alternative) => expand(path.slice(0, braces.index) + alternative + path.slice(braces.index + braces[0].length)));
}

function resolves(path: string): boolean {
  return expand(path).every(resolvesOne);
}

function resolvesOne(path: string): boolean {
  const clean = path.replace(/\/$/, '');
  if (clean === '' || clean.endsWith('/')) return true;
  if (/[*<>{}]/.test(clean)) {
    const re = pattern(clean);
    return FILES.some((f) => re.test(f));
  }
  if (existsSync(join(ROOT, clean))) return true;
  if (EXTENSIONS.some((ext) => existsSync(join(ROOT, clean + ext)))) return true;
  // A migration named by its number (migrations/0010 is migrations/0010_open_now_index.sql), or a
  // range of them (migrations/0004-0005): each end exists.
  const folder = posix.dirname(clean);
  const numbers = /^(\d+)(?:-(\d+))?$/.exec(posix.basename(clean));
  return FOLDERS.has(folder) && numbers !== null && numbers.slice(1).every((n) => n === undefined || FILES.some((f) => f.startsWith(`${folder}/${n}_`)));
}

/** A path relative to the file that names it, with an extension: `./x.ts`, `../y/z.md`. */
const RELATIVE = /(?<![\w/.@~-])(\.\.?\/[\w./[\]-]+\.(?:ts|tsx|mts|mjs|astro|md|json|sql))(?![\w/-])/g;

interface Finding {
  file: string;
  line: number;
  path: string;
}

function deadPaths(file: string): Finding[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const found: Finding[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    for (const match of line.matchAll(PATH)) {
      const path = trim(match[0]);
      if (!resolves(path)) found.push({ file, line: index + 1, path });
    }
    // A document named without its folder (SCALING.md, SPEC.md) is one of the repository's.
    for (const [name] of line.matchAll(/(?<![\w./-])[A-Za-z][\w-]*\.md\b/g)) {
      if (!FILES.some((f) => posix.basename(f) === name)) found.push({ file, line: index + 1, path: name });
    }
    if (!file.endsWith('.md')) {
      // A file named relative to this one (`./reviewReads.server.ts`, `../facets.ts`), in a comment or code.
      for (const [, target] of line.matchAll(RELATIVE))
        if (!resolves(posix.normalize(posix.join(posix.dirname(file), target!)))) found.push({ file, line: index + 1, path: target! });
      return;
    }
    // Markdown links to the repository's own files, relative to the document.
    for (const link of line.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
      const target = link[1]!;
      if (/^[a-z][a-z+.-]*:/i.test(target) || target.startsWith('/')) continue;
      const path = relative(ROOT, join(ROOT, dirname(file), target))
        .split('\\')
        .join('/');
      if (path.startsWith('..') || !resolves(path)) found.push({ file, line: index + 1, path: target });
    }
  });
  return found;
}

/** The headings of a Markdown document, lower case, without code marks. */
const headings = (file: string) => [...readFileSync(join(ROOT, file), 'utf8').matchAll(/^#+\s+(.+)$/gm)].map((m) => m[1]!.replace(/`/g, '').toLowerCase());

/** A section cited as README "Search" or docs/search.md "Places": the document, and a heading that contains the words. */
const SECTION = /(?<![\w/.-])((?:docs\/)?[\w-]+\.md|README) "([^"\n]+)"/g;

function deadSections(file: string): Finding[] {
  const found: Finding[] = [];
  readFileSync(join(ROOT, file), 'utf8')
    .split('\n')
    .forEach((line, index) => {
      for (const [, cited, title] of line.matchAll(SECTION)) {
        const name = cited === 'README' ? 'README.md' : cited!;
        // A bare name is a document beside this one (SCALING.md in docs/) or at the root.
        const doc = [name, posix.join(posix.dirname(file), name), `docs/${name}`].find((d) => existsSync(join(ROOT, d)));
        const words = title!.replace(/`/g, '').toLowerCase();
        if (!doc || !headings(doc).some((h) => h.includes(words))) found.push({ file, line: index + 1, path: `${cited} "${title}"` });
      }
    });
  return found;
}

const SELF = 'tests/unit/repository-paths.test.ts';
const SCANNED_FILES = FILES.filter((f) => SCANNED.test(f) && f !== SELF && !NOT_SCANNED.some((re) => re.test(f)));

describe('repository paths named in documents and sources', () => {
  it('scans the README, the docs and the sources', () => {
    for (const expected of ['README.md', 'docs/architecture.md', 'src/db/migrate.ts', 'migrations/0001_providers_reviews.sql', 'netlify.toml']) {
      expect(SCANNED_FILES).toContain(expected);
    }
  });

  it('recognises a dead reference, a glob, a placeholder and a migration number', () => {
    expect(resolves('src/lib/suggest.ts')).toBe(false);
    expect(resolves('src/lib/search/openNow.ts')).toBe(false);
    expect(resolves('src/pages/provider/[slug].astro')).toBe(false);
    expect(resolves('migrations/0999')).toBe(false);
    expect(resolves('content/nothing/*.json')).toBe(false);
    expect(resolves('src/pages/provider/[...slug].astro')).toBe(true);
    expect(resolves('src/features/search/search.server')).toBe(true);
    expect(resolves('content/faq/*.json')).toBe(true);
    expect(resolves('src/features/<feature>/')).toBe(true);
    expect(resolves('migrations/0010')).toBe(true);
    expect(resolves('migrations/0004-0005')).toBe(true);
    expect(resolves('migrations/0004-0999')).toBe(false);
    expect(resolves('public/images/categories/{nails,hair}.webp')).toBe(true);
    expect(resolves('public/images/categories/{nails,nothing}.webp')).toBe(false);
    expect(resolves('tests/e2e/**')).toBe(true);
    expect(resolves('tests/api/**/*.test.ts')).toBe(true);
    expect(resolves('tests/api/**/*.spec.ts')).toBe(false);
    expect(deadPaths('tests/unit/env.test.ts')).toEqual([]);
    expect([...'see ./reviewReads.ts, ../facets.ts and https://x/./a.ts'.matchAll(RELATIVE)].map((m) => m[1])).toEqual(['./reviewReads.ts', '../facets.ts']);
    expect([...'see src/db/client.ts, https://example.com/src/nothing.ts and ../src/nothing.ts'.matchAll(PATH)].map((m) => trim(m[0]))).toEqual([
      'src/db/client.ts',
    ]);
  });

  it('every one exists', () => {
    expect(SCANNED_FILES.flatMap(deadPaths).map((f) => `${f.file}:${f.line}: ${f.path}`)).toEqual([]);
  });

  it('every section cited by its document and title (README "Test") is a heading there', () => {
    expect(deadSections('tests/unit/env.test.ts')).toEqual([]);
    expect(SCANNED_FILES.flatMap(deadSections).map((f) => `${f.file}:${f.line}: ${f.path}`)).toEqual([]);
  });
});

describe('README', () => {
  it('is a front door: at most 150 lines, with the generated environment table', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(150);
    expect(readme).toContain('<!-- environment table');
  });

  it('names every feature folder, as docs/architecture.md does (its "Floors" table and "Where things live")', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const architecture = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
    const features = readdirSync(join(ROOT, 'src', 'features'));
    expect(features.length).toBeGreaterThan(10);
    expect(features.filter((f) => !new RegExp(`\\b${f}\\b`).test(readme.split('## Where things live')[1] ?? ''))).toEqual([]);
    expect(features.filter((f) => !architecture.includes(`\`src/features/${f}/\``))).toEqual([]);
  });

  it('links every document in docs/', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const docs = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md'));
    expect(docs.filter((f) => !readme.includes(`](docs/${f})`))).toEqual([]);
  });
});
