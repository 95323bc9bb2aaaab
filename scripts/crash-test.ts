/**
 * `npm run crash-test`: kill -9 of the server and of its PostgreSQL while clients write, then
 * checks that nothing acknowledged with 200 is lost and that every restart is clean. Runs a
 * server of its own on a temporary DATA_DIR, talks to 127.0.0.1 only, and is bounded (ROUNDS
 * rounds of at most WRITES_PER_ROUND writes by WRITERS clients). Not part of `npm test`: it takes a minute or two.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { neutraliseExitHook } from '../server/db/embedded';
import { freePort, startServer, type ServerProcess } from '../tests/support/server-process';

neutraliseExitHook();
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const WRITERS = 4;
const WRITES_PER_ROUND = 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-crash-'));
fs.chmodSync(dataDir, 0o755);
const pgPort = await freePort();
const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'error' };
const acknowledged = new Set<string>();
const figures = { attempts: 0, acknowledged: 0, unavailable503: 0, otherStatus: 0, connectionErrors: 0, serverKills: 0, postgresKills: 0, restarts: 0 };
const problems: string[] = [];

function postmasterPid() {
  return Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

let server: ServerProcess = await startServer(env);
const deviceId = `backoffice_${crypto.randomUUID()}`;
const signUp = await fetch(`${server.baseUrl}/api/Auth/SignUp`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'X-Device-Id': deviceId },
  body: JSON.stringify({ email: `crash-${Date.now()}@example.de`, password: 'Sonnenblume-Kabel-42', tenantName: 'Crash GmbH', termsConfirmed: true }),
});
const token = ((await signUp.json()) as { data: { token: string } }).data.token;

async function writer(base: string, round: number, id: number, budget: { left: number }, stop: { now: boolean }) {
  for (let n = 0; !stop.now && budget.left > 0; n++) {
    budget.left--;
    const name = `r${round}-w${id}-${n}`;
    figures.attempts++;
    try {
      const response = await fetch(`${base}/api/Customers/Create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Device-Id': deviceId, Authorization: `Bearer ${token}` },
        body: JSON.stringify({ companyName: name, country: 'DE' }),
      });
      await response.arrayBuffer();
      if (response.status === 200) {
        acknowledged.add(name);
        figures.acknowledged++;
      } else if (response.status === 503) {
        figures.unavailable503++;
        await sleep(200);
      } else {
        figures.otherStatus++;
        problems.push(`${name}: answered ${response.status}`);
      }
    } catch {
      figures.connectionErrors++;
      await sleep(100);
    }
  }
}

for (let round = 1; round <= ROUNDS; round++) {
  const killServer = round % 2 === 1;
  const budget = { left: WRITES_PER_ROUND };
  const stop = { now: false };
  const writers = Array.from({ length: WRITERS }, (_, id) => writer(server.baseUrl, round, id, budget, stop));
  await sleep(300 + Math.floor(Math.random() * 1200));
  if (killServer) {
    figures.serverKills++;
    server.child.kill('SIGKILL');
    await server.exited;
    stop.now = true;
    await Promise.all(writers);
    const started = Date.now();
    try {
      server = await startServer(env);
      figures.restarts++;
      console.log(`round ${round}: server killed, restarted clean in ${Date.now() - started} ms`);
    } catch (error) {
      problems.push(`round ${round}: restart after kill -9 failed: ${(error as Error).message}`);
      break;
    }
  } else {
    figures.postgresKills++;
    process.kill(postmasterPid(), 'SIGKILL');
    // Writing on through the outage and the restart of PostgreSQL.
    await sleep(4000);
    stop.now = true;
    await Promise.all(writers);
    if (!server.alive()) problems.push(`round ${round}: the server ended when PostgreSQL was killed`);
    console.log(`round ${round}: PostgreSQL killed, server ${server.alive() ? 'still running' : 'ended'}`);
  }
}

// Every write acknowledged with 200 must be there once the database answers again.
let stored = new Set<string>();
for (let attempt = 0; attempt < 60; attempt++) {
  try {
    const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { embeddedPgPassword: string };
    const client = new pg.Client({ host: '127.0.0.1', port: pgPort, user: 'postgres', password: secrets.embeddedPgPassword, database: 'fieldbook' });
    await client.connect();
    const { rows } = await client.query<{ name: string }>('select company_name as name from customers');
    await client.end();
    stored = new Set(rows.map((row) => row.name));
    break;
  } catch {
    await sleep(1000);
  }
}
const lost = [...acknowledged].filter((name) => !stored.has(name));
const exitCode = server.alive() ? await server.stop() : 'ended';
if (exitCode !== 0) problems.push(`final SIGTERM stop ended with ${exitCode}`);
if (lost.length) problems.push(`${lost.length} acknowledged writes lost, e.g. ${lost.slice(0, 5).join(', ')}`);

console.log(JSON.stringify({ rounds: ROUNDS, ...figures, storedRows: stored.size, lost: lost.length }, null, 2));
fs.rmSync(dataDir, { recursive: true, force: true });
if (problems.length) {
  console.error(`crash test FAILED:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('crash test passed: nothing acknowledged was lost, every restart was clean');
