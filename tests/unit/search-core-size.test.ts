/**
 * The search core reads top to bottom (issue 38 item 2): no function in src/features/search is
 * longer than 80 lines, counted from its first line to its last as the TypeScript parser finds it
 * (declarations, arrow functions, function expressions, methods; a function's own comment aside).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const CORE = join(process.cwd(), 'src/features/search');
const MOST_LINES = 80;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );

/** Every function of `file` with its length in lines, as "path:line name". */
function functionsOf(file: string): { where: string; lines: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { where: string; lines: number }[] = [];
  const lineOf = (at: number) => source.getLineAndCharacterOfPosition(at).line;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node)) {
      const first = lineOf(node.getStart(source));
      const named = node.name ?? (ts.isVariableDeclaration(node.parent) || ts.isPropertyAssignment(node.parent) ? node.parent.name : undefined);
      found.push({
        where: `${relative(process.cwd(), file)}:${first + 1} ${named?.getText(source) ?? '(anonymous)'}`,
        lines: lineOf(node.getEnd()) - first + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the search core', () => {
  it(`has no function over ${MOST_LINES} lines`, () => {
    const functions = filesUnder(CORE).flatMap(functionsOf);
    expect(functions.length).toBeGreaterThan(50);
    expect(functions.filter((f) => f.lines > MOST_LINES).map((f) => `${f.where}: ${f.lines} lines`)).toEqual([]);
  });
});
