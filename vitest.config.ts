import { defineConfig } from 'vitest/config';
import componentProject, { workers } from './tests/component/vitest.project';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          maxWorkers: workers,
          // A guard against a hang, not a speed check: some unit tests run ESLint or esbuild over the
          // tree, and the e2e files run beside them (scripts/test.mjs).
          testTimeout: 30_000,
          include: ['tests/unit/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          maxWorkers: workers,
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/support/pg-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      componentProject,
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          // A guard against a hang, not a speed check: the api and component lane runs beside it (scripts/test.mjs).
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
