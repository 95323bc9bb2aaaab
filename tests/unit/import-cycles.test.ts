/**
 * No import loop that loads at run time, in server/, src/ or common/: two files that import each
 * other at load time run one of them half-initialised (decision 0030). esbuild reads every file the
 * way the builds do and drops type-only imports, so its metafile holds exactly the imports that
 * load; a dynamic `import()` loads later and is no loop at load time. Packages stay outside.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

const ROOTS = ['server', 'src', 'common'];
const SOURCE = /\.(ts|tsx|mts)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Vite's `?url`, `?raw` and `?worker` imports and files that are no code do not take part. */
const viteQueries: Plugin = {
  name: 'vite-queries',
  setup(builder) {
    builder.onResolve({ filter: /\?/ }, (args) => ({ path: args.path, external: true }));
  },
};

/** The imports that load with a file, as file → files, from esbuild's metafile. */
async function loadTimeImports(entryPoints: string[]): Promise<Map<string, string[]>> {
  const result = await build({
    entryPoints,
    bundle: true,
    write: false,
    metafile: true,
    outdir: '.tmp/import-cycles',
    platform: 'neutral',
    format: 'esm',
    packages: 'external',
    jsx: 'automatic',
    logLevel: 'silent',
    mainFields: ['module', 'main'],
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.woff2': 'empty', '.txt': 'empty', '.po': 'empty', '.json': 'json' },
    plugins: [viteQueries],
  });
  const graph = new Map<string, string[]>();
  for (const [file, input] of Object.entries(result.metafile.inputs)) {
    graph.set(
      file,
      input.imports.filter((entry) => entry.kind === 'import-statement' || entry.kind === 'require-call').map((entry) => entry.path),
    );
  }
  return graph;
}

/** The loops of a graph: its strongly connected parts of more than one file, or a file importing itself (Tarjan). */
function loops(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const part: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(part.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Writes the files into a fresh folder and answers the loops esbuild finds from the first. */
async function loopsOf(files: Record<string, string>): Promise<string[][]> {
  const dir = mkdtempSync(path.join(scratch, 'case-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const graph = await loadTimeImports(Object.keys(files).map((name) => path.join(dir, name)));
  return loops(graph).map((part) => part.map((file) => path.basename(file)));
}

describe('import loops', () => {
  it('are found where files import each other at load time', async () => {
    expect(
      await loopsOf({
        'a.ts': "import { b } from './b';\nexport const a = () => b;\n",
        'b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      }),
    ).toEqual([['a.ts', 'b.ts']]);
    expect(loops(new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']], ['d.ts', ['d.ts']], ['e.ts', ['a.ts']]]))).toEqual([
      ['a.ts', 'b.ts', 'c.ts'],
      ['d.ts'],
    ]);
  }, 60_000);

  it('are not made by type-only imports or by import()', async () => {
    expect(
      await loopsOf({
        'a.ts': "import type { B } from './b';\nimport { B as Also } from './b';\nexport type A = B | Also;\nexport const a = 1;\n",
        'b.ts': "import { a } from './a';\nexport type B = number;\nexport const b = a;\n",
      }),
    ).toEqual([]);
    expect(
      await loopsOf({
        'a.ts': "export const a = () => import('./b');\n",
        'b.ts': "import { a } from './a';\nexport const b = a;\n",
      }),
    ).toEqual([]);
  }, 60_000);

  it('are none in server/, src/ and common/', async () => {
    const graph = await loadTimeImports(ROOTS.flatMap((root) => sourceFiles(root)));
    expect(graph.size).toBeGreaterThan(300);
    expect(loops(graph)).toEqual([]);
  }, 300_000);
});
