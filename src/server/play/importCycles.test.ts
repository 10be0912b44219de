// The play server is layered: shared steps (entry, chances, budget, prizes) import no mechanic,
// each mechanic's folder imports the shared steps, and only the registry (mechanicModules.ts) and
// what loops over it import the mechanics. An import circle through src/server/play would undo
// that, so this test reads every import of src/ (type-only ones too) and fails on one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !TEST.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative specifier names (`./x` -> x.ts, x.tsx or x/index.ts), if it is source. */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (path) => SOURCE.test(path) && existsSync(path) && statSync(path).isFile(),
  );
}

/** Every file's imports (static, type-only, re-exports and dynamic), as repository paths. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles
      .map((ref) => resolveImport(file, ref.fileName))
      .filter((path): path is string => path !== undefined)
      .map((path) => relative(ROOT, path));
    graph.set(relative(ROOT, file), [...new Set(targets)]);
  }
  return graph;
}

/** The import circles of a graph: its strongly connected parts of two files or more, or a file importing itself. */
function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, iterative so a deep import chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const circles: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const part: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          part.push(member);
        } while (member !== frame.node);
        if (part.length > 1 || edges.includes(frame.node)) circles.push(part.sort());
      }
    }
  }
  return circles;
}

describe('imports of the play server', () => {
  it('finds a circle where files import each other, and none in a chain', () => {
    const circle = new Map([
      ['steps.ts', ['view.ts']],
      ['view.ts', ['dice.ts', 'rules.ts']],
      ['dice.ts', ['steps.ts']],
      ['rules.ts', []],
      ['self.ts', ['self.ts']],
    ]);
    expect(importCircles(circle)).toEqual([['dice.ts', 'steps.ts', 'view.ts'], ['self.ts']]);
    const chain = new Map([
      ['routes.ts', ['registry.ts', 'steps.ts']],
      ['registry.ts', ['dice.ts', 'draw.ts']],
      ['dice.ts', ['steps.ts']],
      ['draw.ts', ['steps.ts']],
      ['steps.ts', []],
    ]);
    expect(importCircles(chain)).toEqual([]);
  });

  it('has no import circle through src/server/play', () => {
    const graph = importGraph(sourceFiles(join(ROOT, 'src')));
    expect(graph.size).toBeGreaterThan(500);
    expect(graph.get('src/server/play/playRoutes.ts')).toContain('src/server/play/playActions.ts');
    const throughPlay = importCircles(graph).filter((part) =>
      part.some((file) => file.startsWith('src/server/play/')),
    );
    expect(throughPlay).toEqual([]);
  });
});
