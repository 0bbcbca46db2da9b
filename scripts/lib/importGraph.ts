/**
 * The repository's import graph as the floors read it (docs/architecture.md "Floors"): which
 * modules each source file names, and the circles they form. tests/build/floors.test.ts holds the
 * code to it; `npm run cycles` prints the circles.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = process.cwd();
/** The folders whose modules stand on a floor: the site's sources, the functions, the command-line scripts. */
export const SCOPE = ['src', 'functions', 'scripts'];
export const SOURCE = /\.(ts|tsx|mts|mjs|astro)$/;

export function filesUnder(dir: string): string[] {
  if (!existsSync(join(ROOT, dir))) return [];
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    return statSync(join(ROOT, path)).isDirectory() ? filesUnder(path) : SOURCE.test(name) ? [path] : [];
  });
}

/** Every module specifier a file names: static imports and re-exports (type-only too), side-effect imports, dynamic imports. */
export function specifiersOf(text: string): string[] {
  return [
    ...[...text.matchAll(/^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/gm)].map((m) => m[1]!),
    ...[...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)].map((m) => m[1]!),
    ...[...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!),
  ];
}

/** The specifiers a file loads as soon as it is loaded: every one but dynamic imports. */
export const staticSpecifiersOf = (text: string) => specifiersOf(text.replace(/\bimport\(\s*['"][^'"]+['"]\s*\)/g, ''));

/** The repository path an import names, or null for a package. */
export function resolveImport(from: string, spec: string): string | null {
  const bare = spec.replace(/\?.*$/, '');
  const base = bare.startsWith('@/') ? join(ROOT, 'src', bare.slice(2)) : bare.startsWith('.') ? resolve(ROOT, dirname(from), bare) : null;
  if (!base) return null;
  for (const candidate of [base, ...['.ts', '.tsx', '.mts', '.mjs', '.astro'].map((ext) => base + ext), join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(ROOT, candidate);
  return relative(ROOT, base);
}

export const sourceFiles = () => SCOPE.flatMap(filesUnder);

/** Each source file and the source files it imports (every kind of import). */
export function importGraph(files = sourceFiles()): Map<string, Set<string>> {
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      new Set(
        specifiersOf(readFileSync(join(ROOT, file), 'utf8'))
          .map((spec) => resolveImport(file, spec))
          .filter((target): target is string => !!target && target !== file && known.has(target)),
      ),
    ]),
  );
}

/** The import circles of a graph: its strongly connected parts of more than one node (Tarjan), each sorted. */
export function circles(graph: ReadonlyMap<string, Iterable<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      part.push(member);
    } while (member !== node);
    if (part.length > 1) found.push(part.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The feature a path belongs to (`src/features/<feature>/…`), if any. */
export const featureOf = (path: string) => /^src\/features\/([^/]+)\//.exec(path)?.[1];

/** The features' graph: each feature and the other features it imports. */
export function featureGraph(graph: ReadonlyMap<string, Iterable<string>>): Map<string, Set<string>> {
  const features = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = featureOf(file);
    if (!from) continue;
    if (!features.has(from)) features.set(from, new Set());
    for (const target of targets) {
      const to = featureOf(target);
      if (to && to !== from) features.get(from)!.add(to);
    }
  }
  return features;
}
