/**
 * Vitest project for the component tests (Testing Library + jsdom). The React plugin with the
 * Lingui macro and the Lingui `.po` loader come from vite.config.ts, so tests compile like the app.
 *
 * Use it from the root config as an inline project:
 *   import componentProject from './tests/component/vitest.project';
 *   export default defineConfig({ test: { projects: [componentProject, ...] } });
 */
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { reactPlugins } from '../../vite.config.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

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
  },
});

export default componentProject;
