import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The engine and the AI have no import loops (type-only imports included): a module's dependencies never lead
// back to it, so each folder can be read, tested and moved on its own. The engine imports no AI module.

const root = resolve(new URL('../../..', import.meta.url).pathname);
const packages = ['packages/engine/src', 'packages/ai-worker/src'];

/** Every .ts source file under dir (tests included: they must not close a loop either). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The workspace files a module imports or re-exports: relative specifiers, and @qi/engine as its index. */
function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g)) {
    const spec = m[1];
    if (spec.startsWith('.')) out.push(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
    else if (spec === '@qi/engine') out.push(join(root, 'packages/engine/src/index.ts'));
    else if (spec.startsWith('@qi/ai-worker')) out.push(join(root, 'packages/ai-worker/src/index.ts'));
  }
  return out;
}

/** A loop in the graph as a list of files (first = last), or null. */
function findLoop(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 1 | 2>(); // 1: on the current path, 2: done
  const path: string[] = [];
  const visit = (f: string): string[] | null => {
    state.set(f, 1);
    path.push(f);
    for (const g of graph.get(f) ?? []) {
      if (state.get(g) === 1) return [...path.slice(path.indexOf(g)), g];
      if (state.get(g) === undefined && graph.has(g)) {
        const loop = visit(g);
        if (loop) return loop;
      }
    }
    path.pop();
    state.set(f, 2);
    return null;
  };
  for (const f of graph.keys()) {
    if (state.get(f) !== undefined) continue;
    const loop = visit(f);
    if (loop) return loop;
  }
  return null;
}

describe('module graph of the engine and the AI', () => {
  const files = packages.flatMap((p) => sources(join(root, p)));
  const graph = new Map(files.map((f) => [f, imports(f)]));

  it('reads every source file and its imports', () => {
    expect(files.length).toBeGreaterThan(100);
    // A sanity check that the scan sees imports at all: the Bot imports the alpha-beta search.
    expect(graph.get(join(root, 'packages/ai-worker/src/worker/bot.ts'))).toContain(join(root, 'packages/ai-worker/src/alphabeta/search.ts'));
  });

  it('has no import loop', () => {
    const loop = findLoop(graph);
    expect(loop?.map((f) => relative(root, f)) ?? null).toBeNull();
  });

  it('finds a loop when there is one (the check itself works)', () => {
    const fake = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
    ]);
    expect(findLoop(fake)).toEqual(['a', 'b', 'c', 'a']);
  });

  it('the engine imports nothing of the AI', () => {
    const engine = files.filter((f) => f.includes('/packages/engine/'));
    const offenders = engine.filter((f) => (graph.get(f) ?? []).some((g) => g.includes('/packages/ai-worker/')));
    expect(offenders.map((f) => relative(root, f))).toEqual([]);
  });
});
