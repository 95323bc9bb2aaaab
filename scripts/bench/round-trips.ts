/**
 * What one statement of a call costs, one after the other on one connection of the app's pool:
 * PostgreSQL's CPU (its backend process, from /proc) and this process's, per statement.
 *
 *   npm run bench:round-trips      (BENCH_RUNS: statements per measurement, default 3000)
 *
 * The statements a signed-in call makes beyond its queries: the session check on its own, BEGIN
 * with the tenant and COMMIT, and the session check as the first statement of the transaction
 * (`Database.openTenant`, decision 0020). `select 1` is the bare round trip. Two rounds; this
 * machine is shared, so compare within a run.
 */
import { eq } from 'drizzle-orm';
import { sessions } from '../../server/db/schema';
import { machine, processCpu, runMain, startBench } from './harness';

const RUNS = Number(process.env.BENCH_RUNS ?? 3000);

/** CPU time of the connection's backend so far, ms. */
const cpuOf = (pid: number) => processCpu(pid)?.ms ?? 0;

async function main() {
  const bench = await startBench({ poolSize: 2 });
  try {
    const tenant = bench.owner.tenantId;
    const user = bench.owner.id;
    const [{ id: session }] = (await bench.database.withTenant(tenant, (tx) =>
      tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user)),
    )) as { id: string }[];
    const client = await bench.database.pool.connect();
    try {
      const backend = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
      const begin = `begin; select set_config('app.tenant_id', '${tenant}', true)`;
      const check = `select * from app_session_state('${tenant}', '${session}', '${user}')`;
      const cases: Array<[string, () => Promise<unknown>]> = [
        ['select 1 (a bare round trip)', () => client.query('select 1')],
        ['session check on its own', () => client.query('select * from app_session_state($1, $2, $3)', [tenant, session, user])],
        ['BEGIN with the tenant, COMMIT', async () => {
          await client.query(begin);
          await client.query('commit');
        }],
        ['BEGIN with the tenant and the session check, COMMIT', async () => {
          await client.query(`${begin}; ${check}`);
          await client.query('commit');
        }],
      ];
      const rows: string[] = [];
      for (let round = 0; round < 2; round++) {
        for (const [label, statement] of cases) {
          for (let i = 0; i < 200; i++) await statement();
          const postgres = cpuOf(backend);
          const node = process.cpuUsage();
          const began = performance.now();
          for (let i = 0; i < RUNS; i++) await statement();
          const wall = ((performance.now() - began) * 1000) / RUNS;
          const nodeUsage = process.cpuUsage(node);
          const row = `| ${label} | ${round + 1} | ${wall.toFixed(0)} | ${(((cpuOf(backend) - postgres) * 1000) / RUNS).toFixed(0)} | ${((nodeUsage.user + nodeUsage.system) / RUNS).toFixed(0)} |`;
          rows.push(row);
          process.stderr.write(`${row}\n`);
        }
      }
      console.log(`\n${machine()}, ${RUNS} statements per measurement\n`);
      console.log('| Statements | round | µs per call, wall | PostgreSQL CPU µs | Node.js CPU µs |');
      console.log('|---|---:|---:|---:|---:|');
      for (const row of rows) console.log(row);
    } finally {
      client.release();
    }
  } finally {
    await bench.close();
  }
}

runMain(main);
