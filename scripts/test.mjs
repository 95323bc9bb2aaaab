// The README's test command: Chromium for the end-to-end tests, the built app, then every
// Vitest project (unit, api, api-s3, component, e2e, process), in two lanes at once (see `lanes` below). Extra
// arguments go to one Vitest process. Ends with the plain line "N passed, N failed" that CI reads.
//
// The exit code is decided here from what ran, not from Vitest's exit status alone (a library
// loaded by the test set-up can force the process to exit with 0). The run fails when
//  - a test failed, or a test file did not load or a hook outside the tests threw (counted as
//    failed, not skipped),
//  - a selected project ran no test (every project when none is named with --project; with file
//    filters and no --project, the run as a whole must run a test),
//  - Vitest reported an error outside the tests, wrote no report, or exited non-zero,
//  - a route of the built app is over its JavaScript budget (scripts/check-bundle-size.mjs),
//  - a screen uses a Mantine component whose stylesheet it does not load (scripts/mantine-styles.mjs).
// FIELDBOOK_TEST_SKIP_BUILD=1 skips the app build and the budgets (the gate's own check uses it).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (cmd, args, env = process.env) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit', env });
const results = path.join(root, 'test-results');
const args = process.argv.slice(2);

const problems = [];
try {
  run(process.execPath, ['scripts/ensure-test-tools.mjs']);
  if (process.env.FIELDBOOK_TEST_SKIP_BUILD !== '1') {
    run(bin('vite'), ['build', '--logLevel', 'warn']);
    // Sizes of the built routes against their budgets (scripts/check-bundle-size.mjs).
    try {
      run(process.execPath, ['scripts/check-bundle-size.mjs']);
    } catch {
      problems.push('A route of the built app is over its JavaScript budget.');
    }
    // Every Mantine class a screen uses is in the CSS it loads (the stylesheets are trimmed).
    try {
      run(process.execPath, ['scripts/mantine-styles.mjs']);
    } catch {
      problems.push('A screen uses a Mantine component whose stylesheet is not imported (src/styles/mantine.ts).');
    }
  }
} catch (error) {
  console.error(`Preparing the tests failed (exit ${error.status ?? 'unknown'}).`);
  process.exit(error.status || 1);
}

fs.mkdirSync(results, { recursive: true });

/**
 * A full run (no arguments) goes in two lanes at once, one per processor of a 2-core machine: the
 * end-to-end files (one browser and one server, file after file) and, in a group of their own
 * (`groupOrder`), the files that start server processes (the "process" project); and the unit, api
 * and component files (Vitest's workers). In one Vitest process the groups run one after the other, and the
 * e2e files alone keep about one processor busy. The node lane's output is kept in
 * test-results/lane-node.log and printed when it ends, so the two never interleave. With arguments
 * (a project, a file, a test name) it is one Vitest process as before.
 */
const lanes =
  args.length === 0
    ? [
        // The e2e files and, not at the same time, the files that start server processes ("process").
        { name: 'e2e', args: ['--project', 'e2e', '--project', 'process'], live: true },
        {
          name: 'node',
          args: ['--project', 'unit', '--project', 'api', '--project', 'api-s3', '--project', 'component'],
          live: false,
          // The processors the e2e lane leaves: one on a 2-core machine.
          env: { FIELDBOOK_TEST_WORKERS: String(Math.max(1, os.availableParallelism() - 1)) },
        },
      ]
    : [{ name: '', args, live: true }];

const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);
const outcomes = await Promise.all(lanes.map(runLane));

let passed = 0;
let failed = 0;
let skipped = 0;
for (const { lane, vitestStatus, vitest, gate } of outcomes) {
  const label = lane.name ? ` (${lane.name} lane)` : '';
  if (!vitest || !gate) {
    problems.push(`Vitest wrote no report${label}: it did not start or stopped early.`);
  } else {
    const tallies = Object.entries(gate.projects);
    const broken = tallies.flatMap(([, tally]) => tally.brokenFiles);
    passed += vitest.numPassedTests;
    // A broken file counts as failed; its tests (reported as skipped) do not count as skipped.
    const skippedInBroken = tallies.reduce((sum, [, tally]) => sum + (tally.brokenFiles.length ? tally.skipped : 0), 0);
    skipped += Math.max(0, vitest.numPendingTests + vitest.numTodoTests - skippedInBroken);
    // Errors outside any test (an unhandled rejection, a throwing timer) count as failures too.
    failed += vitest.numFailedTests + broken.length + gate.unhandledErrors.length;
    if (!vitest.success) problems.push(`Vitest reports the run as not successful${label}.`);
    if (vitest.numFailedTestSuites > 0 || broken.length > 0) {
      problems.push(`${Math.max(vitest.numFailedTestSuites, broken.length)} test file(s) or suite(s) failed${label}${broken.length ? `: ${broken.join(', ')}` : ''}.`);
    }
    if (gate.unhandledErrors.length > 0) problems.push(`Vitest reported ${gate.unhandledErrors.length} error(s) outside the tests${label}.`);
    if (gate.reason !== 'passed' && vitest.numFailedTests === 0 && broken.length === 0) problems.push(`Vitest ended the run as "${gate.reason}"${label}.`);

    const named = projectsNamed(lane.args);
    const filtered = hasFileFilters(lane.args);
    if (named.length > 0 || !filtered) {
      for (const name of gate.selectedProjects) {
        const tally = gate.projects[name];
        if (!tally || tally.passed + tally.failed === 0) problems.push(`The project "${name}" ran no test.`);
      }
    } else if (vitest.numPassedTests + vitest.numFailedTests === 0) {
      problems.push('No test ran.');
    }
  }
  if (vitestStatus !== 0) problems.push(`Vitest exited with ${vitestStatus}${label}.`);
}

for (const problem of problems) console.error(`test gate: ${problem}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(problems.length > 0 || failed > 0 ? 1 : 0);

/** Values of --project / --project=NAME. */
function projectsNamed(argv) {
  const names = [];
  argv.forEach((arg, index) => {
    if (arg === '--project' && argv[index + 1]) names.push(argv[index + 1]);
    else if (arg.startsWith('--project=')) names.push(arg.slice('--project='.length));
  });
  return names;
}

/** Positional arguments (file filters), skipping the values of options that take one. */
function hasFileFilters(argv) {
  const takesValue = new Set(['--project', '-t', '--testNamePattern', '--shard', '--config', '-c', '--root', '-r', '--dir']);
  return argv.some((arg, index) => !arg.startsWith('-') && !takesValue.has(argv[index - 1] ?? ''));
}

/** Runs one Vitest process with its own JSON and gate reports; answers its exit status and both reports. */
async function runLane(lane) {
  const suffix = lane.name ? `-${lane.name}` : '';
  const jsonReport = path.join(results, `vitest${suffix}.json`);
  const gateReport = path.join(results, `gate${suffix}.json`);
  const log = path.join(results, `lane${suffix}.log`);
  for (const file of [jsonReport, gateReport, log]) fs.rmSync(file, { force: true });
  const vitestArgs = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${jsonReport}`, '--reporter=./tests/support/gate-reporter.ts', ...lane.args];
  const logFd = lane.live ? undefined : fs.openSync(log, 'w');
  const vitestStatus = await new Promise((resolve) => {
    const child = spawn(bin('vitest'), vitestArgs, {
      cwd: root,
      env: { ...process.env, ...lane.env, FIELDBOOK_GATE_REPORT: gateReport },
      stdio: logFd === undefined ? 'inherit' : ['ignore', logFd, logFd],
    });
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  if (logFd !== undefined) fs.closeSync(logFd);
  if (!lane.live && fs.existsSync(log)) {
    console.log(`\n== the ${lane.name} lane (${lane.args.filter((arg) => !arg.startsWith('-')).join(', ')})\n`);
    process.stdout.write(fs.readFileSync(log));
  }
  return { lane, vitestStatus, vitest: readJson(jsonReport), gate: readJson(gateReport) };
}
