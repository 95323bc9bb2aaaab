/**
 * Backup and restore of an installation with the embedded PostgreSQL: one .tar.gz holding the
 * database cluster (a physical copy), the stored files and secrets.json.
 *
 * A running database is copied the way pg_basebackup does it: a temporary replication slot keeps
 * the write-ahead log, pg_backup_start/pg_backup_stop bracket the file copy, and the log written
 * meanwhile goes into the archive with the backup label, so the restored cluster replays it to
 * the consistent state of the moment the copy ended. (The system pg_dump, if any, is usually
 * older than the embedded PostgreSQL and refuses to dump it; the package ships no pg_dump.)
 * Stored files are copied after the database: a file is written before the row that names it is
 * committed, so every photo or PDF the backup's database knows is in the archive. With the files in
 * a bucket (STORAGE_DRIVER=s3, decision 0045) the bucket's objects are copied into the archive's
 * `files/` the same way, checksums verified; a restore with STORAGE_DRIVER=s3 puts them into the
 * configured bucket again.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { freePort } from '../server/platform/free-port';
import { LocalFileStorage, type FileStorage } from '../server/platform/storage';
import { copyFiles, describeSummary } from './storage-move-lib';

export const MANIFEST = 'fieldbook-backup.json';

/** Contents of a cluster directory that a copy leaves out (as pg_basebackup does). */
const SKIPPED = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map']);
const EMPTIED = new Set(['pg_wal', 'pg_replslot', 'pg_stat_tmp', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_subtrans']);
const asRoot = process.getuid?.() === 0;

/** Copies a tree keeping modes (and owners as root: the cluster belongs to "postgres" then); files that vanish meanwhile are skipped. */
export function copyTree(from: string, to: string, skip: (relative: string, isDir: boolean) => 'skip' | 'empty' | 'copy' = () => 'copy', relative = '') {
  const stat = fs.lstatSync(from);
  fs.mkdirSync(to, { mode: stat.mode & 0o7777 });
  fs.chmodSync(to, stat.mode & 0o7777);
  if (asRoot) fs.chownSync(to, stat.uid, stat.gid);
  for (const name of fs.readdirSync(from)) {
    const source = path.join(from, name);
    const target = path.join(to, name);
    const child = relative ? `${relative}/${name}` : name;
    let entry: fs.Stats;
    try {
      entry = fs.lstatSync(source);
    } catch {
      continue;
    }
    const decision = skip(child, entry.isDirectory());
    if (decision === 'skip') continue;
    if (entry.isDirectory()) {
      if (decision === 'empty') {
        fs.mkdirSync(target, { mode: entry.mode & 0o7777 });
        if (asRoot) fs.chownSync(target, entry.uid, entry.gid);
      } else {
        copyTree(source, target, skip, child);
      }
    } else if (entry.isFile()) {
      try {
        fs.copyFileSync(source, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      fs.chmodSync(target, entry.mode & 0o7777);
      if (asRoot) fs.chownSync(target, entry.uid, entry.gid);
    }
  }
}

function clusterEntry(relative: string, isDir: boolean) {
  if (!relative.includes('/') && SKIPPED.has(relative)) return 'skip';
  if (isDir && EMPTIED.has(relative)) return 'empty';
  if (path.basename(relative).startsWith('pgsql_tmp')) return 'skip';
  return 'copy';
}

/** The port of the postmaster that runs on this cluster directory now, if one does. */
export function runningPort(pgDir: string): number | undefined {
  const lockFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(lockFile)) return undefined;
  const lines = fs.readFileSync(lockFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  return Number(lines[3]) || undefined;
}

/** `files`: the store the installation uses when it is not the local directory (a bucket). */
export async function backup(options: { dataDir: string; target: string; files?: FileStorage; log: (line: string) => void }) {
  const { dataDir, target, log } = options;
  const pgDir = path.join(dataDir, 'postgres');
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    throw new Error(`No embedded database in ${pgDir}; set DATA_DIR to the installation's data directory.`);
  }
  if (fs.existsSync(target)) throw new Error(`${target} exists already; name a new file.`);
  const secretsFile = path.join(dataDir, 'secrets.json');
  if (!fs.existsSync(secretsFile)) throw new Error(`${secretsFile} is missing; it holds the database password.`);
  const secrets = JSON.parse(fs.readFileSync(secretsFile, 'utf8')) as { embeddedPgPassword: string };

  const staging = fs.mkdtempSync(path.join(path.dirname(target), '.fieldbook-backup-'));
  fs.chmodSync(staging, 0o755);
  try {
    const port = runningPort(pgDir);
    if (port) {
      log(`database running on port ${port}: online copy`);
      const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: secrets.embeddedPgPassword, database: 'postgres' });
      await client.connect();
      try {
        // A temporary slot keeps every log segment from here on until this session ends.
        await client.query(`select pg_create_physical_replication_slot('fieldbook_backup_${process.pid}', true, true)`);
        await client.query(`select pg_backup_start('fieldbook backup', true)`);
        copyTree(pgDir, path.join(staging, 'postgres'), clusterEntry);
        const stopped = await client.query<{ labelfile: string; spcmapfile: string }>('select labelfile, spcmapfile from pg_backup_stop(false)');
        fs.writeFileSync(path.join(staging, 'postgres', 'backup_label'), stopped.rows[0].labelfile);
        if (stopped.rows[0].spcmapfile) fs.writeFileSync(path.join(staging, 'postgres', 'tablespace_map'), stopped.rows[0].spcmapfile);
        // The log written while the files were copied, ending after the backup's stop point.
        await client.query('select pg_switch_wal()');
        const wal = path.join(pgDir, 'pg_wal');
        for (const name of fs.readdirSync(wal)) {
          if (/^[0-9A-F]{24}$/.test(name) || name.endsWith('.history')) {
            fs.copyFileSync(path.join(wal, name), path.join(staging, 'postgres', 'pg_wal', name));
          }
        }
        fs.mkdirSync(path.join(staging, 'postgres', 'pg_wal', 'archive_status'), { recursive: true });
      } finally {
        await client.end();
      }
    } else {
      log('database not running: copy of the stopped cluster');
      copyTree(pgDir, path.join(staging, 'postgres'), (relative) => (relative === 'postmaster.pid' ? 'skip' : 'copy'));
    }
    if (asRoot) execFileSync('chown', ['-R', '--reference', pgDir, path.join(staging, 'postgres')]);
    if (options.files) {
      const into = new LocalFileStorage(path.join(staging, 'files'));
      const copied = await copyFiles({ from: options.files, to: into, log });
      log(describeSummary(copied, options.files, into));
      if (copied.failed.length > 0) throw new Error(`${copied.failed.length} file(s) could not be copied from the ${options.files.description}; no backup written.`);
    } else {
      const files = path.join(dataDir, 'files');
      if (fs.existsSync(files)) copyTree(files, path.join(staging, 'files'));
    }
    fs.copyFileSync(secretsFile, path.join(staging, 'secrets.json'));
    fs.chmodSync(path.join(staging, 'secrets.json'), 0o600);
    fs.writeFileSync(path.join(staging, MANIFEST), JSON.stringify({ createdAt: new Date().toISOString(), online: !!port, files: options.files ? 's3' : 'local' }, null, 2));
    execFileSync('tar', ['-czf', target, '-C', staging, '.']);
    fs.chmodSync(target, 0o600);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  log(`backup written to ${target} (${Math.round(fs.statSync(target).size / 1024)} KB)`);
}

/**
 * Unpacks an archive into an empty data directory and starts its database once (on a free port),
 * which replays the copied log and proves the archive is sound; it is stopped cleanly again.
 */
export async function restore(options: { source: string; dataDir: string; log: (line: string) => void }) {
  const { source, dataDir, log } = options;
  if (!fs.existsSync(source)) throw new Error(`${source} does not exist.`);
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} is not empty; restore into a new or empty DATA_DIR (the server must not run on it).`);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  // As root the cluster runs as "postgres", which must reach it.
  if (asRoot) fs.chmodSync(dataDir, 0o755);
  execFileSync('tar', ['-xzf', source, '-C', dataDir, '--same-owner', '--same-permissions']);
  if (!fs.existsSync(path.join(dataDir, MANIFEST))) {
    throw new Error(`${source} is no Fieldbook backup (${MANIFEST} is missing).`);
  }
  if (asRoot) fs.chmodSync(dataDir, 0o755);
  const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { embeddedPgPassword: string };
  const database = await startEmbeddedPostgres({ dir: path.join(dataDir, 'postgres'), port: await freePort(), password: secrets.embeddedPgPassword, restart: false });
  try {
    const client = new pg.Client({ connectionString: database.adminUrl('fieldbook') });
    await client.connect();
    const { rows } = await client.query<{ tenants: number }>('select count(*)::int as tenants from tenants');
    await client.end();
    log(`restored into ${dataDir}: ${rows[0].tenants} firm(s)`);
  } finally {
    await database.stop();
  }
}

