/**
 * Vitest project for the component tests (Testing Library + jsdom). The React plugin with the
 * Lingui macro and the Lingui `.po` loader come from vite.config.ts, so tests compile like the app.
 *
 * Use it from the root config as an inline project:
 *   import componentProject from './tests/component/vitest.project';
 *   export default defineConfig({ test: { projects: [componentProject, ...] } });
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { reactPlugins } from '../../vite.config.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Workers of the unit, api and component projects, which share one group. Vitest's default is one
 * fewer than the processors, which is ONE on a 2-core machine: every file then waits for the one
 * before it although most of an api file's time is spent waiting on HTTP and PostgreSQL. Each file
 * has its own database (tests/support/test-server.ts), so two at once never see each other's rows.
 * The e2e project stays sequential (one browser and one server for all its files). The README's
 * test command runs these projects beside the e2e files and sets FIELDBOOK_TEST_WORKERS for them
 * (scripts/test.mjs).
 */
export const workers = Number(process.env.FIELDBOOK_TEST_WORKERS) || Math.max(2, os.availableParallelism() - 1);

export const componentProject = defineProject({
  root,
  plugins: reactPlugins(),
  test: {
    name: 'component',
    environment: 'jsdom',
    include: ['tests/component/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/component/setup.ts'],
    css: false,
    restoreMocks: true,
    maxWorkers: workers,
    // A guard against a hang, not a speed check: the e2e files run beside these (scripts/test.mjs).
    testTimeout: 30_000,
  },
});

export default componentProject;
