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

/**
 * Landmark rules (axe's best practices, moderate impact): every content inside a landmark, one
 * banner, one main, unique landmarks. Screen-reader users jump by landmarks; these fail a journey too.
 */
export const LANDMARK_RULES = ['region', 'landmark-no-duplicate-banner', 'landmark-no-duplicate-main', 'landmark-one-main', 'landmark-unique', 'landmark-banner-is-top-level', 'landmark-main-is-top-level'];

/** The violations on the page as it is now, worst first: the WCAG A/AA rules and the landmark rules. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (landmarkRules) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[]; html: string }[] }[] }> } }).axe;
    const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
    // One run after the other: axe refuses to run twice at once.
    const a = await axe.run(document, { runOnly: { type: 'tag', values: wcag }, resultTypes: ['violations'] });
    const landmarks = await axe.run(document, { runOnly: { type: 'rule', values: landmarkRules }, resultTypes: ['violations'] });
    const result = { violations: [...a.violations, ...landmarks.violations.filter((v) => !a.violations.some((w) => w.id === v.id))] };
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length, targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`) }));
  }, LANDMARK_RULES);
  const rank: Record<string, number> = { critical: 0, serious: 1, moderate: 2, minor: 3 };
  return violations.sort((a, b) => (rank[a.impact ?? 'minor'] ?? 4) - (rank[b.impact ?? 'minor'] ?? 4));
}

/** The violations that fail a journey: critical and serious ones, and any landmark rule. */
export const blocking = (violations: AxeViolation[]) =>
  violations.filter((v) => v.impact === 'critical' || v.impact === 'serious' || LANDMARK_RULES.includes(v.id));
