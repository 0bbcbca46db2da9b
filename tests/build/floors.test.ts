/**
 * Floors (docs/architecture.md "Floors"): the code stands in floors, lowest first, and a module
 * imports only from its own floor or below; a feature is entered by another module only through its
 * entrances (`index.ts`, `index.server.ts`, `schemas/index.ts`). Type-only imports count, and so do
 * dynamic imports and re-exports. The floors are read from the table in docs/architecture.md, so
 * that table is their one definition; every source file stands on exactly one floor.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  circles,
  featureGraph,
  featureOf,
  importGraph,
  resolveImport,
  SCOPE,
  SOURCE,
  sourceFiles,
  specifiersOf,
  staticSpecifiersOf,
} from '../../scripts/lib/importGraph';

const ROOT = process.cwd();
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

/** A feature module that other modules may import: one of its entrances. */
const isEntrance = (path: string) => ENTRANCES.some((entrance) => path === `src/features/${featureOf(path)}/${entrance}`);

const FILES = sourceFiles();

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

  it('no feature reaches itself through other features: a piece two features share stands on a floor below both, or in the feature that owns it', () => {
    expect(circles(featureGraph(importGraph(FILES))), '`npm run cycles` names the files').toEqual([]);
  });

  it('no module under src/ reaches itself through others: what two modules share stands below both', () => {
    const graph = importGraph(FILES.filter((file) => file.startsWith('src/')));
    expect(circles(graph), '`npm run cycles` names the files').toEqual([]);
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
    const at = (feature: string, file = 'index.ts') => `src/features/${feature}/${file}`;
    const graph = new Map([
      [at('a', 'x.ts'), [at('b')]],
      [at('b'), [at('c'), 'src/lib/errors.ts']],
      [at('c'), [at('a')]],
      [at('a'), [at('a', 'x.ts')]],
      ['src/lib/errors.ts', []],
    ]);
    expect(circles(featureGraph(graph))).toEqual([['a', 'b', 'c']]);
    expect(circles(graph)).toEqual([[at('a'), at('a', 'x.ts'), at('b'), at('c')]]);
    graph.set(at('c'), []);
    expect(circles(featureGraph(graph))).toEqual([]);
  });
});
