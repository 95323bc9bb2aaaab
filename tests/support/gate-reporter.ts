/**
 * The test gate's own record of a run, per project: files, broken files (a load error or a hook
 * that threw, whose tests Vitest reports as skipped), passed, failed and skipped tests, and the
 * errors Vitest raised outside any test. `scripts/test.mjs` decides the exit code from it and from
 * Vitest's JSON report, never from Vitest's exit status alone: a library loaded by the test
 * set-up can force the process to exit with 0.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, SerializedError, TestModule, TestRunEndReason, Vitest } from 'vitest/node';

export interface ProjectTally {
  files: number;
  brokenFiles: string[];
  passed: number;
  failed: number;
  skipped: number;
}

export interface GateReport {
  reason: TestRunEndReason;
  /** The projects this run selected (all of the config's, or those named with --project). */
  selectedProjects: string[];
  unhandledErrors: string[];
  projects: Record<string, ProjectTally>;
}

export default class GateReporter implements Reporter {
  private selectedProjects: string[] = [];

  onInit(vitest: Vitest) {
    this.selectedProjects = vitest.projects.map((project) => project.name || 'default');
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>, reason: TestRunEndReason) {
    const file = process.env.FIELDBOOK_GATE_REPORT;
    if (!file) return;
    const projects: Record<string, ProjectTally> = {};
    for (const module of modules) {
      const name = module.project.name || 'default';
      const tally = (projects[name] ??= { files: 0, brokenFiles: [], passed: 0, failed: 0, skipped: 0 });
      tally.files += 1;
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') tally.passed += 1;
        else if (state === 'failed') {
          tally.failed += 1;
          failedHere += 1;
        } else tally.skipped += 1;
      }
      // A module that failed without a failed test did not load, or a hook outside the tests threw.
      if (module.errors().length > 0 || (module.state() === 'failed' && failedHere === 0)) {
        tally.brokenFiles.push(path.relative(process.cwd(), module.moduleId));
      }
    }
    const report: GateReport = {
      reason,
      selectedProjects: this.selectedProjects,
      unhandledErrors: unhandledErrors.map((error) => error.message ?? String(error)),
      projects,
    };
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(report, null, 2));
  }
}
