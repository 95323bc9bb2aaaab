/**
 * Where the server finds its files (the built app, the contract, migrations, word lists). The same
 * code runs from `server/` under tsx and bundled into `build/server/` under plain node, so paths are
 * taken from the project root (the nearest folder with the project's package.json), never from the
 * folder of the module that asks.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && fs.existsSync(path.join(dir, 'server'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No project root above ${start}`);
  }
}

export const projectRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));

export function fromRoot(...parts: string[]): string {
  return path.join(projectRoot, ...parts);
}
