/**
 * Comments state the rule they explain. A pointer to a document outside the repository ("spec
 * section 5", "issue 6", domain.md) says nothing to the next reader and goes stale when that
 * document moves; what a comment would cite belongs in docs/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const roots = ['server', 'src', 'tests', 'scripts'];
const citation = /\b(spec(ification)? sections? \d|issue \d+|domain\.md)/i;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' || entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && full !== path.join('tests', 'unit', 'comment-citations.test.ts') ? [full] : [];
  });
}

describe('comments', () => {
  it('cite no document outside the repository', () => {
    const found = roots
      .flatMap(sourceFiles)
      .flatMap((file) =>
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ file, line: index + 1, text: line.trim() }))
          .filter(({ text }) => citation.test(text)),
      )
      .map(({ file, line, text }) => `${file}:${line} ${text}`);
    expect(found).toEqual([]);
  });
});
