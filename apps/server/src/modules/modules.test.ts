import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = path.dirname(new URL(import.meta.url).pathname);

/** Which modules each module's code (tests aside) imports. */
function moduleImports(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const module of readdirSync(MODULES, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    const uses = new Set<string>();
    const files = readdirSync(path.join(MODULES, module.name), { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    for (const file of files) {
      const source = readFileSync(path.join(MODULES, module.name, file), 'utf8');
      for (const [, used] of source.matchAll(/from '\.\.\/([a-z-]+)[/']/g)) {
        if (used !== module.name) uses.add(used!);
      }
    }
    graph.set(module.name, uses);
  }
  return graph;
}

/** A path of imports that comes back to where it started, or undefined when there is none. */
function findCircle(graph: Map<string, Set<string>>): string[] | undefined {
  const done = new Set<string>();
  const walk = (module: string, trail: string[]): string[] | undefined => {
    const seenAt = trail.indexOf(module);
    if (seenAt >= 0) return [...trail.slice(seenAt), module];
    if (done.has(module)) return undefined;
    for (const used of graph.get(module) ?? []) {
      const circle = walk(used, [...trail, module]);
      if (circle) return circle;
    }
    done.add(module);
    return undefined;
  };
  for (const module of graph.keys()) {
    const circle = walk(module, []);
    if (circle) return circle;
  }
  return undefined;
}

describe('server modules', () => {
  it('depend on each other without circles, so each can be read and changed from its own doors down', () => {
    const graph = moduleImports();
    expect(graph.size).toBeGreaterThan(10);
    expect(findCircle(graph)).toBeUndefined();
  });

  it('would notice a circle', () => {
    const graph = new Map([
      ['assets', new Set(['datasets'])],
      ['datasets', new Set(['audit', 'assets'])],
      ['audit', new Set<string>()],
    ]);
    expect(findCircle(graph)).toEqual(['assets', 'datasets', 'assets']);
  });
});
