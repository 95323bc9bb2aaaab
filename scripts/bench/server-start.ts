/**
 * The server's start as operators run it: from the process start to the first healthy `/health`,
 * and the memory of the whole process tree once it is idle (the server process, any wrapper
 * processes and the embedded PostgreSQL; proportional set size, so shared pages count once).
 * Each run pairs the built server (`node build/server/main.mjs`, what `npm start` runs) with the
 * TypeScript sources under tsx (the old way), on the same data directory, so the ratio is measured
 * side by side on this noisy machine. Needs `npm run build` first.
 *
 * Environment: BENCH_RUNS (pairs, default 5).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../server/platform/free-port';
import { machine, stats } from './harness';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

interface Variant {
  name: string;
  command: string[];
}

const variants: Variant[] = [
  { name: 'built (node build/server/main.mjs)', command: [process.execPath, '--enable-source-maps', 'build/server/main.mjs'] },
  { name: 'sources (tsx server/main.ts)', command: [path.join('node_modules', '.bin', 'tsx'), 'server/main.ts'] },
];

function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const out = [pid];
  for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i]) ?? []));
  return out;
}

/** Proportional set size of the tree in MiB, and how much of it is PostgreSQL. */
function treeMemory(pid: number) {
  let total = 0;
  let postgres = 0;
  for (const p of descendants(pid)) {
    try {
      const pss = Number(/^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'))?.[1] ?? 0) / 1024;
      total += pss;
      if (fs.readFileSync(`/proc/${p}/comm`, 'utf8').trim().startsWith('postgres')) postgres += pss;
    } catch {
      // Ended meanwhile.
    }
  }
  return { total, postgres };
}

async function waitHealthy(base: string, child: ChildProcess, started: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const answer = await fetch(`${base}/health`);
      if (answer.ok) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function run(variant: Variant, dataDir: string, pgPort: number) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(variant.command[0], variant.command.slice(1), {
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'warn', PUBLIC_URL: `http://localhost:${port}` },
    stdio: 'ignore',
  });
  const ms = await waitHealthy(`http://127.0.0.1:${port}`, child, started);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const memory = treeMemory(child.pid!);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { ms, ...memory };
}

async function main() {
  if (!fs.existsSync('build/server/main.mjs') || !fs.existsSync('dist/index.html')) {
    throw new Error('build/ or dist/ is missing: run `npm run build` first.');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-start-'));
  // As root, the embedded PostgreSQL runs as its own user, which must reach the folder.
  fs.chmodSync(dataDir, 0o755);
  const pgPort = await freePort();
  try {
    // The first start creates the database cluster; that is set-up, not a start.
    await run(variants[0], dataDir, pgPort);
    const samples = variants.map(() => ({ ms: [] as number[], total: [] as number[], postgres: [] as number[] }));
    for (let i = 0; i < RUNS; i++) {
      for (const [index, variant] of variants.entries()) {
        const result = await run(variant, dataDir, pgPort);
        samples[index].ms.push(result.ms);
        samples[index].total.push(result.total);
        samples[index].postgres.push(result.postgres);
      }
    }
    console.log(`\n${machine()}; ${RUNS} pairs\n`);
    console.log('| Start | to healthy, median ms | p95 ms | idle tree PSS, median MiB | of it PostgreSQL MiB |');
    console.log('|---|---:|---:|---:|---:|');
    for (const [index, variant] of variants.entries()) {
      const time = stats(samples[index].ms);
      console.log(`| ${variant.name} | ${time.median.toFixed(0)} | ${time.p95.toFixed(0)} | ${stats(samples[index].total).median.toFixed(0)} | ${stats(samples[index].postgres).median.toFixed(0)} |`);
    }
    const ratio = samples[0].ms.map((ms, i) => ms / samples[1].ms[i]);
    console.log(`\nbuilt / sources, start time per pair: median ${stats(ratio).median.toFixed(2)}`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
