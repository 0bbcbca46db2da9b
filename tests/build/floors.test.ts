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
  });
});
