/**
 * The module map in docs/architecture.md is the code's: its arrows between modules are exactly the
 * imports from one module's files of another module's face (decision 0030), and every module is on it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = 'server/modules';

function moduleNames(): string[] {
  return readdirSync(MODULES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** `a --> b` for every import of `'../b'` in a file of module a (type-only imports too: they tie the modules). */
function importedFaces(): string[] {
  const arrows = new Set<string>();
  for (const name of moduleNames()) {
    for (const file of readdirSync(path.join(MODULES, name)).filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(path.join(MODULES, name, file), 'utf8');
      for (const match of text.matchAll(/from '\.\.\/([a-z0-9-]+)'/g)) arrows.add(`${name} --> ${match[1]}`);
    }
  }
  return [...arrows].sort();
}

function drawn(): { arrows: string[]; text: string } {
  const text = readFileSync('docs/architecture.md', 'utf8');
  const block = /%% module-map: begin\n([\s\S]*?)\n\s*%% module-map: end/.exec(text);
  if (!block) throw new Error('docs/architecture.md has no module map between its markers');
  return { arrows: block[1].split('\n').map((line) => line.trim()).filter(Boolean).sort(), text };
}

describe('the module map of docs/architecture.md', () => {
  it('draws exactly the imports between modules', () => {
    expect(importedFaces().length).toBeGreaterThan(10);
    expect(drawn().arrows).toEqual(importedFaces());
  });

  it('names every module, in the picture and in the table', () => {
    const { text } = drawn();
    const picture = text.slice(text.indexOf('```mermaid'), text.indexOf('```', text.indexOf('```mermaid') + 3));
    for (const name of moduleNames()) {
      expect(picture, name).toMatch(new RegExp(`(^|\\s)${name}(\\s|$)`, 'm'));
      expect(text, name).toContain(`\`${name}\``);
    }
  });
});
