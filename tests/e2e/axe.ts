/**
 * axe-core in the page under test (WCAG 2.0–2.2 A and AA rules). The script is evaluated through
 * the DevTools protocol, so the app's Content-Security-Policy stays as it is.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: number;
  targets: string[];
}

/** The violations on the page as it is now, worst first. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[]; html: string }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length, targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`) }));
  });
  const rank: Record<string, number> = { critical: 0, serious: 1, moderate: 2, minor: 3 };
  return violations.sort((a, b) => (rank[a.impact ?? 'minor'] ?? 4) - (rank[b.impact ?? 'minor'] ?? 4));
}

/** The violations that fail a journey: critical and serious ones. */
export const blocking = (violations: AxeViolation[]) => violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
