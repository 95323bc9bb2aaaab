/**
 * A field day without signal, synced exactly once (decisions 0033, 0038, 0043). One lean
 * journey against a server process of its own on the e2e database, so that it can be killed:
 *
 * 1. Online once: the app is installed (service worker) and the screens are seen.
 * 2. Offline: a representative sample by real taps (clock in, a note, a material, a timer started,
 *    a timer stopped), then the bulk of the day by a page-side loop: the changes the taps left in
 *    the app's kept queue (IndexedDB, decision 0038) are the templates; the loop adds clones with
 *    new idempotency keys, bodies and acted-at times (notes, materials, time entries, timers
 *    stopped, a break and its end, a signed work confirmation with its signature, 5 photos with
 *    their files, the clock-out) from a page of the app's origin that does not run the app. Nothing
 *    goes to the server directly: the app restores the queue and its own mutation functions send
 *    every change through the real API (photos by its XMLHttpRequest upload, decision 0042).
 * 3. A reload while offline: the app restores all of it and shows the count.
 * 4. Back online on a throttled link; the server is killed (SIGKILL) once in the middle of the sync
 *    and started again on the same port.
 * 5. In the database: every change exactly once (one row per idempotency key, one entry per note,
 *    one photo row and its two files per photo, one confirmation with its signature and PDF), none
 *    lost, each at the moment recorded, the photos' metadata stripped; the confirmation whose note
 *    was signed on another device meanwhile shows in "Nicht gesendet" and is resolved (discarded
 *    after asking).
 *
 * The sync runs a few changes at a time and wakes as soon as the restarted server answers
 * (decision 0047); the journey prints its time from back online to the last change on the server.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startServer, freePort, type ServerProcess } from '../support/server-process';
import { launchBrowser, newContext } from './browser';
import sharp from 'sharp';
import { apiAs, captureNoteAndMaterial, postFormAs, seedAccount, shot, signInContext } from './journey';

const databaseUrl = inject('databaseUrl');
const dataDir = inject('dataDir');
// A field day of 500 changes (`OFFLINE_DAY_CHANGES` for another number). A slow check
// (`npm run test:field-day`), not part of `npm test`; the waits grow with the number of changes (on
// a machine shared by several test runs a change may take far longer than on a phone).
const BULK = Number(process.env.OFFLINE_DAY_CHANGES ?? 500);
const WAIT_PER_CHANGE = 1_500;
const PHOTOS = 5;

let browser: Browser;
let server: ServerProcess | undefined;
let port: number;
const db = new pg.Client({ connectionString: databaseUrl });

async function start() {
  server = await startServer({ PORT: String(port), DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SERVE_APP: 'true', PUBLIC_URL: `http://localhost:${port}`, LOG_LEVEL: 'error' });
}

beforeAll(async () => {
  browser = await launchBrowser();
  port = await freePort();
  await start();
  await db.connect();
});
afterAll(async () => {
  await server?.stop();
  await db.end();
  await browser?.close();
});

/**
 * With `OFFLINE_DAY_PROFILE=dir`: the page's CPU profile from back online to the last change on the
 * server (`sync.cpuprofile`, read it with `node scripts/bench/profile-summary.mjs`), and each API
 * call's timing as the browser saw it (`calls.json`: start, headers in and end in ms from back
 * online, `wait` = request sent to the answer's headers, the link's latency included), with a
 * summary on the console: how many calls were on their way how long, and the answers' wait.
 */
async function profileSync(cdp: CDPSession) {
  const dir = process.env.OFFLINE_DAY_PROFILE;
  if (!dir) return null;
  fs.mkdirSync(dir, { recursive: true });
  const calls = new Map<string, { url: string; start: number; headers?: number; end?: number; wait?: number; status?: number }>();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.url.includes('/api/') || event.request.url.endsWith('/health')) calls.set(event.requestId, { url: new URL(event.request.url).pathname, start: event.timestamp * 1000 });
  });
  cdp.on('Network.responseReceived', (event) => {
    const call = calls.get(event.requestId);
    const timing = event.response.timing;
    if (!call) return;
    call.headers = event.timestamp * 1000;
    call.status = event.response.status;
    if (timing) call.wait = timing.receiveHeadersEnd - timing.sendEnd;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const call = calls.get(event.requestId);
    if (call) call.end = event.timestamp * 1000;
  });
  cdp.on('Network.loadingFailed', (event) => {
    const call = calls.get(event.requestId);
    if (call) call.end = event.timestamp * 1000;
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  return {
    async save() {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: { startTime: number } };
      fs.writeFileSync(path.join(dir, 'sync.cpuprofile'), JSON.stringify(profile));
      const list = [...calls.values()].filter((c) => c.end !== undefined).sort((a, b) => a.start - b.start);
      // Times from the profile's start, just after back online (both on the browser's monotonic clock).
      const t0 = profile.startTime / 1000;
      for (const call of list) {
        call.start -= t0;
        call.end! -= t0;
        if (call.headers !== undefined) call.headers -= t0;
      }
      fs.writeFileSync(path.join(dir, 'calls.json'), JSON.stringify(list, null, 1));
      // How long 0, 1, 2, … calls were on their way at once, from the first call to the last answer.
      const edges = list.flatMap((c) => [{ at: c.start, d: 1 }, { at: c.end!, d: -1 }]).sort((a, b) => a.at - b.at || a.d - b.d);
      const inFlight = new Map<number, number>();
      let open = 0;
      for (let i = 0; i < edges.length - 1; i++) {
        open += edges[i].d;
        inFlight.set(open, (inFlight.get(open) ?? 0) + edges[i + 1].at - edges[i].at);
      }
      const waits = list.filter((c) => c.wait !== undefined && c.url.startsWith('/api/')).map((c) => c.wait!).sort((a, b) => a - b);
      const at = (q: number) => waits[Math.min(waits.length - 1, Math.floor(q * waits.length))]?.toFixed(0);
      console.log(
        `offline day profile (${dir}): ${list.length} calls; wait for the answer's headers median ${at(0.5)} ms, p90 ${at(0.9)} ms; on their way at once: ` +
          [...inFlight].sort((a, b) => a[0] - b[0]).map(([n, ms]) => `${n}: ${(ms / 1000).toFixed(1)} s`).join(', '),
      );
    },
  };
}

function activated(page: Page) {
  return page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active!;
    if (worker.state === 'activated') return;
    await new Promise<void>((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));
  });
}

it(`records a field day of ${BULK} changes offline, survives a reload and a killed server, and syncs each exactly once`, { timeout: 180_000 + BULK * 2 * WAIT_PER_CHANGE }, async () => {
  const url = `http://localhost:${port}`;
  const account = await seedAccount({ prefix: 'offline-day' });
  const site = (await apiAs(account, 'POST', '/api/Customers/Create', { companyName: 'Bäckerei Huber', city: 'Garching', country: 'DE' })) as { id: string };
  // Timers started in the morning with signal, stopped offline.
  const morning: { id: string }[] = [];
  for (const name of ['Hof Berger', 'Zahnarzt Wolf', 'Kita Sonnenschein']) {
    const customer = (await apiAs(account, 'POST', '/api/Customers/Create', { companyName: name, country: 'DE' })) as { id: string };
    morning.push((await apiAs(account, 'POST', '/api/TimeTracks/Start', { customerId: customer.id })) as { id: string });
  }
  // Materials by EAN: the product the phone found by its EAN while it had signal.
  const EAN = '4012345678901';
  await apiAs(account, 'POST', '/api/Products/Create', { name: 'Fehlerstromschutzschalter 40A', ean: EAN, unit: 'Stk', netPrice: 38.9, vatRate: 19 });
  const product = (await apiAs(account, 'GET', `/api/Products/GetByEAN?ean=${EAN}`)) as { id: string };
  // Two notes seen online: one is signed on the phone offline, the other meanwhile on another device.
  const toSign = (await apiAs(account, 'POST', '/api/Information/Create', { customerId: site.id, subType: 'note', text: 'Zähler getauscht' })) as { id: string };
  const contested = (await apiAs(account, 'POST', '/api/Information/Create', { customerId: site.id, subType: 'note', text: 'Verteiler erneuert' })) as { id: string };

  // Photos as a phone's camera writes them: with the camera's make and the place in their EXIF.
  const photos = await Promise.all(
    Array.from({ length: PHOTOS }, (_, n) =>
      sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40 * n, g: 120, b: 200 - 30 * n } } })
        .jpeg()
        .withExif({ IFD0: { Make: 'Fieldbook Kamera', Model: 'Phone 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 1464/100', GPSLongitudeRef: 'E', GPSLongitude: '11/1 34/1 3180/100' } })
        .toBuffer(),
    ),
  );
  const signature = await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="150"><rect width="400" height="150" fill="white"/><path d="M20 100 C 80 20, 120 140, 180 60 S 300 120, 380 40" stroke="black" stroke-width="4" fill="none"/></svg>')).png().toBuffer();
  const context = await newContext(browser, { viewport: 'desktop', serviceWorkers: 'allow' });
  await signInContext(context, account);
  const page = await context.newPage();
  await page.goto(`${url}/customer/${site.id}`);
  await page.getByRole('heading', { name: 'Bäckerei Huber' }).waitFor();
  await activated(page);
  const bar = page.getByRole('region', { name: 'Laufende Timer und Arbeitszeit' });
  await bar.getByRole('button', { name: 'Timer starten' }).click();
  const startDialog = page.getByRole('dialog', { name: 'Timer starten' });
  await startDialog.getByRole('button', { name: /^Bäckerei Huber.*Timer starten/ }).waitFor();
  await page.keyboard.press('Escape');
  await startDialog.waitFor({ state: 'hidden' });

  // ---- offline: the sample by real taps ----
  // No signal: the browser offline, and the server out of reach as well (Chromium's offline
  // emulation does not cover every request of a page its service worker controls).
  await context.setOffline(true);
  await server!.stop();
  const wentOffline = Date.now();
  await bar.getByRole('button', { name: 'Einstempeln' }).click();
  await captureNoteAndMaterial(page);
  await bar.getByRole('button', { name: 'Timer starten' }).click();
  await startDialog.getByRole('button', { name: /^Bäckerei Huber.*Timer starten/ }).click();
  await startDialog.waitFor({ state: 'hidden' });
  await bar.getByRole('button', { name: 'Timer für Hof Berger stoppen' }).click();
  await page.getByRole('status').filter({ hasText: '5 Änderungen warten auf Verbindung' }).waitFor();

  // ---- offline: the bulk, through the app's kept queue ----
  // The tab leaves the app first (its last write of the queue lands), then a page of the app's
  // origin that does not run the app (the manifest, from the worker's cache) extends the kept queue.
  // The same tab keeps its session as the app refreshed it (a new tab would seed the first one again).
  await page.waitForTimeout(500);
  const side = page;
  await side.goto(`${url}/manifest.webmanifest`);
  await side.waitForTimeout(500);
  const bulk = await side.evaluate(
    async ({ userId, siteId, productId, stops, toSign, contested, total, png64, jpegs64 }) => {
      const request = <T,>(r: IDBRequest<T>) => new Promise<T>((resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))));
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('fieldbook-offline');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const key = `member:${userId}`;
      type Kept = { mutationKey: [string, string]; state: { variables: { body: Record<string, unknown>; headers: Record<string, string> } } };
      const snapshot = (await request(database.transaction('snapshots').objectStore('snapshots').get(key))) as { state: { mutations: Kept[] } };
      const tapped = snapshot.state.mutations;
      const template = (name: string) => tapped.find((m) => m.mutationKey[1] === name) ?? tapped.find((m) => m.mutationKey[1] === 'entryCreate')!;
      const clockOut = tapped.find((m) => m.mutationKey[1] === 'clockIn')!;
      const added: Kept[] = [];
      const now = Date.now();
      const count = total - tapped.length;
      // The moments, in order, between the taps and now: a field day compressed into seconds.
      const at = (i: number) => new Date(now - (count - i) * 5).toISOString();
      const add = (name: string, body: Record<string, unknown>) => {
        const base = template(name);
        added.push({ ...structuredClone(base), mutationKey: ['queued', name], state: { ...structuredClone(base.state), variables: { body, headers: { 'Idempotency-Key': crypto.randomUUID() } } } });
      };
      let i = 0;
      for (const id of stops) add('timerStop', { id, atUtc: at(i++) });
      add('workingSegment', { kind: 'break', atUtc: at(i++) });
      add('workingSegment', { kind: 'work', atUtc: at(i++) });
      const png = new Blob([Uint8Array.from(atob(png64), (c) => c.charCodeAt(0))], { type: 'image/png' });
      const signature = (infoId: string) => ({ file: png, id: crypto.randomUUID(), customerId: siteId, signee: 'Anna Huber', language: 'de', createdAtUtc: at(i++), confirmedInfoIds: [infoId], confirmedTimeTrackIds: [], confirmedImageIds: [] });
      added.push({ ...structuredClone(template('entryCreate')), mutationKey: ['queued', 'confirmationCreate'], state: { ...structuredClone(template('entryCreate').state), variables: { body: signature(toSign), headers: { 'Idempotency-Key': crypto.randomUUID() } } } });
      added.push({ ...structuredClone(template('entryCreate')), mutationKey: ['queued', 'confirmationCreate'], state: { ...structuredClone(template('entryCreate').state), variables: { body: signature(contested), headers: { 'Idempotency-Key': crypto.randomUUID() } } } });
      // The photos spread over the day, each with its File (kept in IndexedDB until sent) and its id.
      const photoAt = new Set(jpegs64.map((_, n) => Math.floor(((n + 1) * (count - 1)) / (jpegs64.length + 1))));
      let photo = 0;
      while (added.length < count - 1) {
        if (photo < jpegs64.length && (photoAt.has(added.length) || count - 1 - added.length <= jpegs64.length - photo)) {
          const bytes = Uint8Array.from(atob(jpegs64[photo]), (c) => c.charCodeAt(0));
          const file = new File([bytes], `IMG_${1000 + photo}.jpg`, { type: 'image/jpeg', lastModified: now - (count - i) * 5 });
          const body = { file, fileName: file.name, customerId: siteId, id: crypto.randomUUID(), category: 'during', description: `Foto ${++photo}`, createdAtUtc: at(i++) };
          added.push({ ...structuredClone(template('entryCreate')), mutationKey: ['queued', 'photoUpload'], state: { ...structuredClone(template('entryCreate').state), variables: { body, headers: { 'Idempotency-Key': crypto.randomUUID() } } } });
          continue;
        }
        const kind = added.length % 3;
        if (kind === 0) add('entryCreate', { customerId: siteId, subType: 'note', text: `Notiz ${i}`, occurredAtUtc: at(i++) });
        else if (kind === 1 && i % 2 === 0) add('entryCreate', { customerId: siteId, subType: 'material', productId, quantity: 1, occurredAtUtc: at(i++) });
        else if (kind === 1) add('entryCreate', { customerId: siteId, subType: 'material', text: 'Kabel NYM-J 3x1,5', unit: 'm', quantity: 2, occurredAtUtc: at(i++) });
        else add('entryCreate', { customerId: siteId, subType: 'time', durationSeconds: 900, text: `Arbeit ${i}`, occurredAtUtc: at(i++) });
      }
      added.push({ ...structuredClone(clockOut), mutationKey: ['queued', 'clockOut'], state: { ...structuredClone(clockOut.state), variables: { body: { atUtc: at(i++) }, headers: { 'Idempotency-Key': crypto.randomUUID() } } } });
      snapshot.state.mutations = [...tapped, ...added];
      const write = database.transaction('snapshots', 'readwrite');
      write.objectStore('snapshots').put(snapshot, key);
      await new Promise((resolve) => (write.oncomplete = resolve));
      database.close();
      return {
        total: snapshot.state.mutations.length,
        // Without the files (the photos' and the signature's bytes stay in the page).
        changes: snapshot.state.mutations.map((m) => ({ name: m.mutationKey[1], key: m.state.variables.headers['Idempotency-Key'], body: { ...m.state.variables.body, file: undefined } as Record<string, unknown> })),
      };
    },
    { userId: String(account.session.id), siteId: site.id, productId: product.id, stops: morning.slice(1).map((t) => t.id), toSign: toSign.id, contested: contested.id, total: BULK, png64: signature.toString('base64'), jpegs64: photos.map((photo) => photo.toString('base64')) },
  );
  expect(bulk.total).toBe(BULK);
  expect(bulk.changes.filter((c) => c.name === 'photoUpload')).toHaveLength(PHOTOS);
  expect(bulk.changes.filter((c) => c.name === 'confirmationCreate')).toHaveLength(2);
  const recorded = Date.now();

  // ---- a reload while offline: the app opens from the worker and restores the queue ----
  const day = side;
  await day.goto(`${url}/customer/${site.id}`);
  await day.getByRole('status').filter({ hasText: `${BULK} Änderungen warten auf Verbindung` }).waitFor({ timeout: 30_000 });
  await shot(day, 'offline-day-01-queue', false);
  // Meanwhile another device has the customer sign the contested note.
  const form = new FormData();
  form.append('customerId', site.id);
  form.append('signee', 'Herr Huber');
  form.append('confirmedInfoIds', contested.id);
  form.append('file', new Blob([new Uint8Array(signature)], { type: 'image/png' }), 'signature.png');
  await postFormAs(account, '/api/WorkConfirmations', form);
  const keys = bulk.changes.map((c) => c.key);
  const arrived = async () => Number((await db.query('SELECT count(*) FROM idempotency_keys WHERE user_id = $1 AND key = ANY($2) AND status_code IS NOT NULL', [account.session.id, keys])).rows[0].count);
  const early = (await db.query('SELECT key, created_at, response_body FROM idempotency_keys WHERE user_id = $1 AND key = ANY($2)', [account.session.id, keys])).rows;
  expect(early, JSON.stringify({ early, wentOffline: new Date(wentOffline), changes: bulk.changes.filter((c) => early.some((e) => e.key === c.key)) })).toEqual([]);

  // ---- back online on a throttled link; the server killed mid-sync ----
  await start();
  await context.setOffline(false);
  const cdp = await context.newCDPSession(day);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: (4 * 1024 * 1024) / 8, uploadThroughput: (1024 * 1024) / 8 });
  const profiling = await profileSync(cdp);
  const online = Date.now();
  await expect.poll(arrived, { timeout: 60_000 + BULK * WAIT_PER_CHANGE, interval: 200 }).toBeGreaterThanOrEqual(BULK / 4).catch(async (e) => {
    await shot(day, 'offline-day-debug', false);
    throw e;
  });
  server!.child.kill('SIGKILL');
  await server!.exited;
  const atKill = await arrived();
  expect(atKill).toBeLessThan(BULK - 1);
  await start();
  // Every change but the refused confirmation, each once; then nothing waits any more.
  await expect.poll(arrived, { timeout: 60_000 + BULK * WAIT_PER_CHANGE, interval: 500 }).toBe(BULK - 1).catch(async (e) => {
    await shot(day, 'offline-day-debug-after-kill', false);
    throw e;
  });
  const synced = Date.now();
  await profiling?.save();
  await day.getByRole('status').filter({ hasText: /warte/ }).waitFor({ state: 'detached' });
  const refused = day.getByRole('status').filter({ hasText: '1 Änderung nicht gesendet' });
  await refused.waitFor();
  console.log(`offline day: ${BULK} changes synced in ${((synced - online) / 1000).toFixed(1)} s on a 40 ms / 1 Mbit/s link, server killed after ${atKill}`);

  // ---- in the database: each exactly once, none lost, at the moment recorded ----
  expect(await arrived()).toBe(BULK - 1);
  const entries = (await db.query('SELECT text, sub_type, occurred_at AS occurred_at_utc FROM information_entries WHERE customer_id = $1', [site.id])).rows as { text: string | null; sub_type: string; occurred_at_utc: Date }[];
  const queuedEntries = bulk.changes.filter((c) => c.name === 'entryCreate');
  expect(entries.length).toBe(queuedEntries.length + 2);
  for (const change of queuedEntries) {
    const body = change.body as { text?: string; occurredAtUtc?: string; subType: string };
    if (!body.occurredAtUtc) continue;
    const rows = entries.filter((e) => e.sub_type === body.subType && e.text === (body.text ?? null) && e.occurred_at_utc.toISOString() === body.occurredAtUtc);
    expect(rows, JSON.stringify(body)).toHaveLength(1);
  }
  for (const e of entries) expect(e.occurred_at_utc.getTime()).toBeLessThan(recorded);
  const stopped = (await db.query('SELECT id, ended_at AS ended_at_utc FROM time_tracks WHERE id = ANY($1)', [morning.map((t) => t.id)])).rows as { id: string; ended_at_utc: Date | null }[];
  for (const track of stopped) {
    expect(track.ended_at_utc).not.toBeNull();
    expect(track.ended_at_utc!.getTime()).toBeGreaterThanOrEqual(wentOffline - 1000);
    expect(track.ended_at_utc!.getTime()).toBeLessThan(online);
  }

  // The photos: one row each under the id the phone chose, its photo and thumbnail stored once, the
  // camera's metadata gone from what is served; the moment each was taken as recorded.
  const files = path.join(dataDir, 'files');
  const tenantId = (await db.query('SELECT tenant_id FROM customers WHERE id = $1', [site.id])).rows[0].tenant_id as string;
  const queuedPhotos = bulk.changes.filter((c) => c.name === 'photoUpload').map((c) => c.body as { id: string; createdAtUtc: string; description: string });
  const photoRows = (await db.query('SELECT id, description, taken_at, storage_key, thumbnail_key FROM images WHERE customer_id = $1', [site.id])).rows as { id: string; description: string; taken_at: Date; storage_key: string; thumbnail_key: string }[];
  expect(photoRows.map((r) => r.id).sort()).toEqual(queuedPhotos.map((p) => p.id).sort());
  for (const queued of queuedPhotos) {
    const row = photoRows.find((r) => r.id === queued.id)!;
    expect([row.description, row.taken_at.toISOString()]).toEqual([queued.description, queued.createdAtUtc]);
    for (const key of [row.storage_key, row.thumbnail_key]) expect(fs.existsSync(path.join(files, key)), key).toBe(true);
    // The stored photo itself (the app's session has rotated the seeded token by now).
    const bytes = fs.readFileSync(path.join(files, row.storage_key));
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.exif, meta.xmp, bytes.includes(Buffer.from('Fieldbook Kamera'))]).toEqual(['jpeg', undefined, undefined, false]);
  }
  const storedPhotos = fs.readdirSync(path.join(files, tenantId, 'images'), { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
  expect(storedPhotos).toHaveLength(PHOTOS * 2);
  // The confirmation signed on the phone: once, with its signature and its PDF stored.
  const confirmations = (await db.query('SELECT signee, created_at, signature_key, pdf_key FROM work_confirmations WHERE customer_id = $1 ORDER BY created_at', [site.id])).rows as { signee: string; created_at: Date; signature_key: string; pdf_key: string }[];
  const signedOnPhone = bulk.changes.find((c) => c.name === 'confirmationCreate' && (c.body as { confirmedInfoIds: string[] }).confirmedInfoIds[0] === toSign.id)!.body as { createdAtUtc: string };
  expect(confirmations.map((c) => c.signee).sort()).toEqual(['Anna Huber', 'Herr Huber']);
  const phone = confirmations.find((c) => c.signee === 'Anna Huber')!;
  expect(phone.created_at.toISOString()).toBe(signedOnPhone.createdAtUtc);
  for (const key of [phone.signature_key, phone.pdf_key]) expect(fs.existsSync(path.join(files, key)), key).toBe(true);

  // ---- the conflict: shown in "Nicht gesendet" and resolved ----
  await refused.getByRole('button', { name: 'Änderungen auf diesem Gerät' }).click();
  const list = day.getByRole('list', { name: 'Nicht gesendet' });
  const item = list.getByRole('listitem').first();
  await item.waitFor();
  expect(await item.innerText()).toMatch(/bestätigt/);
  await shot(day, 'offline-day-02-conflict', false);
  await item.getByRole('button', { name: 'Verwerfen' }).click();
  await day.getByRole('dialog', { name: 'Diese Änderung verwerfen?' }).getByRole('button', { name: 'Verwerfen' }).click();
  await refused.waitFor({ state: 'detached' });
  await context.close();
});
