/**
 * Floors (docs/architecture.md "Floors"): the code stands in floors, lowest first, and a module
 * imports only from its own floor or below; a feature is entered by another module only through its
 * entrances (`index.ts`, `index.server.ts`, `schemas/index.ts`). Type-only imports count, and so do
 * dynamic imports and re-exports. The floors are read from the table in docs/architecture.md, so
 * that table is their one definition; every source file stands on exactly one floor.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
/** The folders whose modules stand on a floor: the site's sources, the functions, the command-line scripts. */
const SCOPE = ['src', 'functions', 'scripts'];
const SOURCE = /\.(ts|tsx|mts|mjs|astro)$/;
const ENTRANCES = ['index.ts', 'index.server.ts', 'schemas/index.ts'];

/**
 * The table under "## Floors": each row a floor's number and name, its features (names of folders
 * under src/features/) and its other paths (in backticks; a folder ends in `/`).
 */
function readFloors(markdown: string): { floor: number; name: string; features: string[]; paths: string[] }[] {
  const section = markdown.split(/^## Floors\s*$/m)[1]?.split(/^## /m)[0];
  if (!section) throw new Error('docs/architecture.md has no "## Floors" section');
  return section
    .split('\n')
    .filter((line) => /^\|\s*\d+\s*\|/.test(line))
    .map((line) => {
      const [, number, name, features, paths] = line.split('|').map((cell) => cell.trim());
      const names = features!
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean);
      return {
        floor: Number(number),
        name: name!,
        features: names,
        paths: [...names.map((f) => `src/features/${f}/`), ...[...paths!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)],
      };
    });
}

const FLOORS = readFloors(readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8'));

/** The floor of a repository path: the longest path of the table that holds it. */
function floorOf(path: string): number | undefined {
  let best: { floor: number; length: number } | undefined;
  for (const { floor, paths } of FLOORS)
    for (const p of paths) if ((p.endsWith('/') ? path.startsWith(p) : path === p) && (!best || p.length > best.length)) best = { floor, length: p.length };
  return best?.floor;
}

/** The feature a path belongs to (`src/features/<feature>/…`), if any. */
const featureOf = (path: string) => /^src\/features\/([^/]+)\//.exec(path)?.[1];

/** A feature module that other modules may import: one of its entrances. */
const isEntrance = (path: string) => ENTRANCES.some((entrance) => path === `src/features/${featureOf(path)}/${entrance}`);

function filesUnder(dir: string): string[] {
  if (!existsSync(join(ROOT, dir))) return [];
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    return statSync(join(ROOT, path)).isDirectory() ? filesUnder(path) : SOURCE.test(name) ? [path] : [];
  });
}

/** Every module specifier a file names: static imports and re-exports (type-only too), side-effect imports, dynamic imports. */
function specifiersOf(text: string): string[] {
  return [
    ...[...text.matchAll(/^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/gm)].map((m) => m[1]!),
    ...[...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)].map((m) => m[1]!),
    ...[...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!),
  ];
}

/** The specifiers a file loads as soon as it is loaded: every one but dynamic imports. */
const staticSpecifiersOf = (text: string) => specifiersOf(text.replace(/\bimport\(\s*['"][^'"]+['"]\s*\)/g, ''));

/** The repository path an import names, or null for a package. */
function resolveImport(from: string, spec: string): string | null {
  const bare = spec.replace(/\?.*$/, '');
  const base = bare.startsWith('@/') ? join(ROOT, 'src', bare.slice(2)) : bare.startsWith('.') ? resolve(ROOT, dirname(from), bare) : null;
  if (!base) return null;
  for (const candidate of [base, ...['.ts', '.tsx', '.mts', '.mjs', '.astro'].map((ext) => base + ext), join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(ROOT, candidate);
  return relative(ROOT, base);
}

const FILES = SCOPE.flatMap(filesUnder);

/** Every import that breaks a floor or enters a feature other than by an entrance. */
function violations(files: string[] = FILES): string[] {
  const found: string[] = [];
  for (const file of files) {
    const floor = floorOf(file);
    for (const spec of specifiersOf(readFileSync(join(ROOT, file), 'utf8'))) {
      const target = resolveImport(file, spec);
      if (!target || !SCOPE.some((dir) => target.startsWith(`${dir}/`))) continue;
      const targetFloor = floorOf(target);
      if (floor !== undefined && targetFloor !== undefined && targetFloor > floor)
        found.push(`${file} (floor ${floor}) imports ${target} (floor ${targetFloor})`);
      const feature = featureOf(target);
      if (feature && feature !== featureOf(file) && !isEntrance(target)) found.push(`${file} enters ${feature} by ${target}, not by an entrance`);
    }
  }
  return found;
}

/** Each feature's imports of other features, each with the first file that makes it: `from → to → file`. */
function featureImports(files: string[] = FILES): Map<string, Map<string, string>> {
  const edges = new Map<string, Map<string, string>>();
  for (const file of files) {
    const from = featureOf(file);
    if (!from) continue;
    for (const spec of specifiersOf(readFileSync(join(ROOT, file), 'utf8'))) {
      const target = resolveImport(file, spec);
      const to = target && featureOf(target);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from)!.has(to)) edges.get(from)!.set(to, `${file} imports ${target}`);
    }
  }
  return edges;
}

/** Every feature that reaches itself through other features' imports, with one such round, an import a step. */
function featureCycles(edges = featureImports()): string[][] {
  const rounds: string[][] = [];
  for (const start of edges.keys()) {
    // Breadth first, so the round shown is a shortest one.
    const via = new Map<string, string>();
    const queue = [start];
    while (queue.length && !via.has(start)) {
      const at = queue.shift()!;
      for (const next of edges.get(at)?.keys() ?? []) {
        if (via.has(next)) continue;
        via.set(next, at);
        queue.push(next);
      }
    }
    if (!via.has(start)) continue;
    const round: string[] = [];
    let to = start;
    do {
      const from = via.get(to)!;
      round.unshift(edges.get(from)!.get(to)!);
      to = from;
    } while (to !== start);
    rounds.push(round);
  }
  return rounds;
}

describe('floors (docs/architecture.md "Floors")', () => {
  it('the table names the floors in order, each with its paths', () => {
    expect(FLOORS.map((f) => f.floor)).toEqual(FLOORS.map((_, i) => i));
    for (const { paths } of FLOORS) expect(paths.length).toBeGreaterThan(0);
    // A feature may be named before its folder is made; every other path exists.
    for (const { paths } of FLOORS) for (const p of paths) if (!p.startsWith('src/features/')) expect(existsSync(join(ROOT, p)), `${p} exists`).toBe(true);
  });

  it('every module stands on a floor', () => {
    expect(FILES.filter((f) => floorOf(f) === undefined)).toEqual([]);
  });

  it('no module imports from a higher floor or from another feature’s insides', () => {
    expect(violations()).toEqual([]);
  });

  it('no feature reaches itself through other features: a piece two features share stands on a floor below both, or in the feature that owns it', () => {
    expect(featureCycles()).toEqual([]);
  });

  it('production code and database setup never load the image generator (imagegen/), not even a type', () => {
    // Entry points that run in production or on every build; `npm start` loads seed photos on demand (a dynamic import).
    const entries = [
      ...FILES.filter((f) => f.startsWith('functions/') || f.startsWith('src/pages/')),
      'src/setup/setup.ts',
      'src/middleware.ts',
      'scripts/start.ts',
    ];
    const reached = new Set<string>();
    const chains: string[] = [];
    const visit = (file: string, chain: string[]) => {
      if (reached.has(file)) return;
      reached.add(file);
      if (file.startsWith('imagegen/')) chains.push([...chain, file].join(' → '));
      if (!existsSync(join(ROOT, file)) || !SOURCE.test(file)) return;
      for (const spec of staticSpecifiersOf(readFileSync(join(ROOT, file), 'utf8'))) {
        const target = resolveImport(file, spec);
        if (target) visit(target, [...chain, file]);
      }
    };
    for (const entry of entries) visit(entry, []);
    expect(reached.has('src/setup/setup.ts')).toBe(true);
    expect(chains).toEqual([]);
  });

  it('is heard: it reads type-only, dynamic and re-exported imports, and places a file by its longest path', () => {
    expect(specifiersOf("import type { A } from './a';\nexport { b } from '@/b';\nconst c = await import('./c');\nimport './d.css';")).toEqual([
      './a',
      '@/b',
      './d.css',
      './c',
    ]);
    expect(floorOf('src/features/mail/outbox.server.ts')).toBe(0);
    expect(floorOf('src/features/search/search.server.ts')).toBeGreaterThan(floorOf('src/features/providers/providers.server.ts')!);
    expect(isEntrance('src/features/facets/index.ts')).toBe(true);
    expect(isEntrance('src/features/facets/facets.ts')).toBe(false);
    const edges = new Map([
      ['a', new Map([['b', 'a.ts imports b.ts']])],
      ['b', new Map([['c', 'b.ts imports c.ts']])],
      ['c', new Map([['a', 'c.ts imports a.ts']])],
      ['d', new Map([['a', 'd.ts imports a.ts']])],
    ]);
    expect(featureCycles(edges)[0]).toEqual(['a.ts imports b.ts', 'b.ts imports c.ts', 'c.ts imports a.ts']);
    expect(featureCycles(edges)).toHaveLength(3);
    edges.get('c')!.delete('a');
    expect(featureCycles(edges)).toEqual([]);
  });
});
