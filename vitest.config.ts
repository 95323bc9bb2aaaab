import { defineConfig } from 'vitest/config';
import componentProject, { workers } from './tests/component/vitest.project';

// Files that start the real server or worker as child processes, each with its own embedded
// PostgreSQL, and wait on them: they keep a processor busy for minutes but need no parallel
// workers. `npm test` runs them in the e2e lane, not beside the journeys (scripts/test.mjs).
// The backup and object-storage files start processes too, but stay in the api project: with
// them here this lane ran about four minutes longer than the other (the lanes' sums balance).
const processFiles = ['tests/api/server-start.test.ts', 'tests/api/jobs.test.ts', 'tests/api/outage.test.ts', 'tests/api/two-processes.test.ts', 'tests/unit/client-package.test.ts'];

// A field day offline in Chromium with the server killed during the sync: minutes long, a slow
// check run by `npm run test:field-day`, not by `npm test` (the lanes name their projects).
const fieldDay = ['tests/e2e/offline-day.test.ts'];

// Files whose calls store or read files: run a second time against the bucket driver ('api-s3').
const s3Files = ['tests/api/images.test.ts', 'tests/api/work-confirmations.test.ts', 'tests/api/tenant-logo.test.ts'];

// The unit and API files share a worker's imported modules instead of importing the server
// afresh for each file: on a 2-core machine that import was about 2 s a file, a fifth of the node
// lane. They may: each API file starts its own server (`startTestServer`, own database, own
// clock) and keeps no state in modules; a spy is set on a server's own objects, never on a module.
// The component files keep their isolation (each its own DOM). Hence `isolate: false` below.

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
          exclude: processFiles,
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          maxWorkers: workers,
          include: ['tests/api/**/*.test.ts'],
          exclude: processFiles,
          isolate: false,
          globalSetup: ['tests/support/pg-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The file tests again with the files in a bucket of a local S3-compatible server
        // (FIELDBOOK_TEST_STORAGE=s3, tests/support/test-server.ts, decision 0045).
        test: {
          name: 'api-s3',
          environment: 'node',
          maxWorkers: workers,
          include: s3Files,
          env: { FIELDBOOK_TEST_STORAGE: 's3', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
          isolate: false,
          globalSetup: ['tests/support/pg-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'process',
          environment: 'node',
          include: processFiles,
          globalSetup: ['tests/support/pg-global-setup.ts'],
          fileParallelism: false,
          // Not at the same time as the e2e journeys when both are selected (the e2e lane of
          // scripts/test.mjs): Vitest runs projects of different groupOrder one group after the other.
          sequence: { groupOrder: 1 },
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
          exclude: fieldDay,
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          // A guard against a hang, not a speed check: the api and component lane runs beside it (scripts/test.mjs).
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'field-day',
          environment: 'node',
          include: fieldDay,
          globalSetup: ['tests/e2e/global-setup.ts'],
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
