/**
 * The changes that wait for the connection, kept across a reload (decision 0038).
 *
 * - **Queued changes** are the mutations named in `QUEUED`: each has the mutation key
 *   `['queued', name]`, and `registerQueuedChanges` gives every key its function
 *   (`setMutationDefaults`) before the stored queue is restored, so a change restored after a reload
 *   knows what to send. They are sent a few at a time in the order tapped, where order matters one
 *   after the other (`sendable`, decision 0047): timers and clocking in one lane, a signed work
 *   confirmation alone after everything before it. A lost connection or a server that is away
 *   (status 0, 502-504) waits until a probe of `/health` answers, then the queue goes on at once;
 *   another 5xx is tried again with a growing delay.
 * - **What is kept**: TanStack Query's dehydrated state (the waiting mutations with their variables,
 *   so each keeps its `Idempotency-Key` and acted-at time; the screens' last answers, so the app
 *   reads offline) and the list of refused changes, in IndexedDB under the signed-in member
 *   (structured clone, so a signature's or photo's Blob stays in the browser's storage until sent).
 * - **Refused changes are never dropped silently**: a queued change the server refuses (4xx, after
 *   it waited) leaves the queue for the "Nicht gesendet" list with the server's message, where the
 *   member retries it (same key: a refusal stored nothing) or discards it.
 * - **Signing out** clears it all from the device (`clearOfflineData`).
 */
import {
  dehydrate,
  hydrate,
  MutationCache,
  MutationObserver,
  type Mutation,
  onlineManager,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  informationCreateMutation,
  timeTracksStartMutation,
  timeTracksStopMutation,
  userTimeTracksAppendSegmentMutation,
  userTimeTracksStartMutation,
  userTimeTracksStopMutation,
  workConfirmationsCreateMutation,
} from '../../generated/api/@tanstack/react-query.gen';
import { ApiError, RefreshTokenError, toApiError } from './api-error';
import { describeApiError } from './error-messages';
import { showWarning } from './notifications';
import type { PhotoUploadVariables } from './photo-upload';

/**
 * A timer's stop, unless it stops a timer whose start was refused (its track does not exist): then
 * it is not sent and goes to the "Nicht gesendet" list saying so (decision 0048). `customerName`
 * travels with the queued stop (kept across a reload, never sent): a refused stop names its
 * customer even when the timers loaded no longer hold its track.
 */
function timerStopMutation() {
  const options = timeTracksStopMutation();
  const send = options.mutationFn!;
  const mutationFn = (variables: Parameters<typeof send>[0] & { customerName?: string }, context: Parameters<typeof send>[1]) => {
    const { customerName: _label, ...call } = variables;
    const startRefused = refused.some((change) => change.name === 'timerStart' && bodyIdOf(change.variables) === call.body.id);
    if (!startRefused) return send(call, context);
    const message = i18n._(msg`This timer's start was not sent, so its stop cannot be sent either. Send the start again first, or discard both.`);
    return Promise.reject(new ApiError({ status: 409, message, messages: [{ code: 'TIMER_START_NOT_SENT', message }] }));
  };
  return { ...options, mutationFn };
}

const QUEUED = {
  timerStart: timeTracksStartMutation,
  timerStop: timerStopMutation,
  clockIn: userTimeTracksStartMutation,
  workingSegment: userTimeTracksAppendSegmentMutation,
  clockOut: userTimeTracksStopMutation,
  entryCreate: informationCreateMutation,
  confirmationCreate: workConfirmationsCreateMutation,
  // Through XMLHttpRequest for its progress (`photo-upload.ts`); the photo's File is kept as it is.
  // Loaded with the first upload, outside the routes' first JavaScript (their budget).
  photoUpload: () => ({ mutationFn: async (variables: PhotoUploadVariables) => (await import('./photo-upload')).uploadPhoto(variables) }),
};

export type QueuedName = keyof typeof QUEUED;

const KEY_PREFIX = 'queued';
/** What a screen last showed is kept this long (and read offline) before it counts as gone. */
const KEEP_MS = 24 * 60 * 60 * 1000;
const SNAPSHOT_VERSION = 1;
/** Queries that are not kept: files, and the sign-in's own calls. */
const NOT_KEPT = /^(auth|users?Login|.*(File|Pdf|Download|Export|Image)$)/i;

/** A lost connection or a server that is away: the change waits and is sent again. */
function isTransient(error: unknown): boolean {
  if (error instanceof RefreshTokenError) return false;
  return error instanceof ApiError ? error.status === 0 || error.status >= 500 : true;
}

/** No answer, or a gateway's "the server is not there" (a restart, a deployment): the probe decides. */
function isAway(error: unknown): boolean {
  if (error instanceof RefreshTokenError) return false;
  // A fetch that found no server rejects with a TypeError; anything else is no sign of an absent server.
  if (!(error instanceof ApiError)) return error instanceof TypeError;
  return error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504;
}

/**
 * The wait before a change is tried again. Away: none, the change pauses until the probe finds the
 * server (`canRun`); the server answered with an error: a growing delay, up to 30 s.
 */
function retryDelay(failures: number, error: unknown): number {
  return isAway(error) ? 0 : Math.min(1000 * 2 ** failures, 30_000);
}

const shared = { retry: (_: number, error: unknown) => isTransient(error), retryDelay };

/** The mutation options of a queued change, to spread into `useMutation`. */
export function queuedMutation<K extends QueuedName>(name: K) {
  return { ...(QUEUED[name]() as ReturnType<(typeof QUEUED)[K]>), mutationKey: [KEY_PREFIX, name], ...shared };
}

/** What the queue reads of a mutation, whatever its types. */
interface AnyMutation {
  options: { mutationKey?: readonly unknown[] };
  state: { variables: unknown; isPaused: boolean; status: string; failureCount: number };
}

function nameOf(mutation: AnyMutation): QueuedName | null {
  const key = mutation.options.mutationKey;
  return key?.[0] === KEY_PREFIX && typeof key[1] === 'string' && key[1] in QUEUED ? (key[1] as QueuedName) : null;
}

function bodyIdOf(variables: unknown): unknown {
  return (variables as { body?: { id?: unknown } } | undefined)?.body?.id;
}

function idempotencyKeyOf(variables: unknown): string | null {
  const headers = (variables as { headers?: Record<string, unknown> } | undefined)?.headers;
  const key = headers?.['Idempotency-Key'];
  return typeof key === 'string' ? key : null;
}

// ---- refused changes ----------------------------------------------------------------------------

export interface RefusedChange {
  /** The change's idempotency key. */
  id: string;
  name: QueuedName;
  variables: unknown;
  messages: string[];
  refusedAt: string;
}

let refused: RefusedChange[] = [];
const refusedListeners = new Set<() => void>();

function setRefused(next: RefusedChange[]) {
  refused = next;
  for (const listener of refusedListeners) listener();
  scheduleSave(0);
}

export function subscribeRefused(listener: () => void): () => void {
  refusedListeners.add(listener);
  return () => refusedListeners.delete(listener);
}

export function getRefused(): RefusedChange[] {
  return refused;
}

/** Keys of changes that waited (paused, restored or sent again from the list): their refusal goes to the list. */
const waited = new Set<string>();

function markWaited(mutation: AnyMutation): void {
  const id = idempotencyKeyOf(mutation.state.variables);
  if (id) waited.add(id);
}

/**
 * Called by the query client's mutation cache for every failed mutation: a queued change that
 * waited and is refused goes to the list (with the server's message) and leaves the queue.
 * Returns whether it did.
 */
export function noteRefusal(client: QueryClient, error: unknown, mutation: AnyMutation): boolean {
  const name = nameOf(mutation);
  const id = idempotencyKeyOf(mutation.state.variables);
  if (!name || !id || !waited.has(id) || isTransient(error)) return false;
  waited.delete(id);
  const messages = describeApiError(i18n, toApiError(error));
  setRefused([...refused.filter((change) => change.id !== id), { id, name, variables: mutation.state.variables, messages, refusedAt: new Date().toISOString() }]);
  const cache = client.getMutationCache();
  const kept = cache.getAll().find((m) => m === mutation);
  if (kept) cache.remove(kept);
  return true;
}

/** Sends a refused change again, with its key (a refusal stored nothing under it). */
export function retryRefused(client: QueryClient, id: string): void {
  const change = refused.find((c) => c.id === id);
  if (!change) return;
  waited.add(id);
  setRefused(refused.filter((c) => c.id !== id));
  const observer = new MutationObserver<unknown, Error, unknown>(client, { mutationKey: [KEY_PREFIX, change.name] });
  observer.mutate(change.variables).catch(() => undefined);
}

export function discardRefused(id: string): void {
  waited.delete(id);
  setRefused(refused.filter((c) => c.id !== id));
}

// ---- the waiting queue --------------------------------------------------------------------------

/** Queued changes not sent yet: paused for the connection, or tried again after a failure. */
export function isWaiting(mutation: AnyMutation): boolean {
  return mutation.state.status === 'pending' && (mutation.state.isPaused || (nameOf(mutation) !== null && mutation.state.failureCount > 0));
}

/** A change that waits, as the lists show it beside what the server sent (decision 0042). */
export interface WaitingChange {
  /** Its idempotency key. */
  id: string;
  name: QueuedName;
  variables: unknown;
  /** When it was made on the device (ms). */
  submittedAt: number;
}

/** The waiting change a mutation is (null: not a queued change). */
function waitingChangeOf(mutation: AnyMutation & { state: { submittedAt: number } }): WaitingChange | null {
  const name = nameOf(mutation);
  if (!name) return null;
  return { id: idempotencyKeyOf(mutation.state.variables) ?? '', name, variables: mutation.state.variables, submittedAt: mutation.state.submittedAt };
}

// ---- sending (decision 0047) --------------------------------------------------------------------

/**
 * How many queued changes are on their way at once (each holds one database connection on the
 * server). Eight, not four (decision 0053): on a phone's link each call spends a round trip outside
 * the server, and with four the server waited between them.
 */
const PARALLEL = 8;
/** While the server is away, it is asked this often whether it is back (`/health`, no body, no session). */
const PROBE_MS = 1000;
/** After this many unanswered probes, it is asked less often (a long outage, the phone's battery). */
const PROBES_BEFORE_SLOWER = 60;
const SLOWER_PROBE_MS = 5000;
/**
 * Screens showing what the queue sent refresh at once, then at most once more in each such span
 * while it is sent, and at once when its last change is answered (decision 0053; each refresh
 * fetches every open screen again, over the same slow link and from the same server as the queue).
 */
const REFRESH_MS = 5000;
/**
 * The screens learn of the waiting changes at once, then at most once more in each such span
 * (decision 0053): five hundred changes leaving one by one re-rendered every list that shows them
 * for each, which kept the page's only thread from sending the next ones.
 */
const WAITING_PUBLISH_MS = 250;

/**
 * Which changes go one after the other: timers and clocking share a lane (a timer's stop after its
 * start, clock-in, breaks and clock-out in order, a clock-out after the timers stopped before it);
 * a signed work confirmation goes alone, after every change queued before it (the entries, photos
 * and times it signs) and before any queued after it. Notes, materials, time entries and photos
 * depend on nothing queued (each carries its own moment) and go side by side.
 */
const LANES: Record<QueuedName, string | null | 'alone'> = {
  timerStart: 'working-time',
  timerStop: 'working-time',
  clockIn: 'working-time',
  workingSegment: 'working-time',
  clockOut: 'working-time',
  entryCreate: null,
  photoUpload: null,
  confirmationCreate: 'alone',
};

/**
 * The queued changes that may be on their way now, of all mutations in the order they were made: at
 * most `PARALLEL`, each the first unsent one of its lane, none after a confirmation still unsent,
 * a confirmation only when nothing before it is unsent.
 */
export function sendable(mutations: readonly AnyMutation[]): Set<AnyMutation> {
  const ready = new Set<AnyMutation>();
  const busy = new Set<string>();
  let earlier = false;
  for (const mutation of mutations) {
    const name = nameOf(mutation);
    if (!name || (mutation.state.status !== 'pending' && mutation.state.status !== 'idle')) continue;
    const lane = LANES[name];
    if (lane === 'alone') {
      if (!earlier) ready.add(mutation);
      break;
    }
    if (lane === null || !busy.has(lane)) ready.add(mutation);
    if (lane !== null) busy.add(lane);
    earlier = true;
    if (ready.size >= PARALLEL) break;
  }
  return ready;
}

function hasUnsent(cache: MutationCache): boolean {
  return cache.getAll().some((mutation) => nameOf(mutation) !== null && mutation.state.status === 'pending');
}

/**
 * The mutation cache of the app's query client: queued changes run when `sendable` lets them and the
 * server is not known to be away; the next ones start the moment one is answered, and all of them
 * the moment the probe finds the server again (instead of each sleeping out a doubled delay).
 */
export class QueuedChangesCache extends MutationCache {
  /** The queued changes that wait now, by their mutation (kept from the events, decision 0053). */
  #waiting = new Map<Mutation, WaitingChange>();
  /** What the screens were last told: the waiting changes in the order made. */
  #published: readonly WaitingChange[] = [];
  #waitingListeners = new Set<() => void>();
  #publishing: ReturnType<typeof setTimeout> | null = null;
  #publishAgain = false;
  #client: QueryClient | null = null;
  #away = false;
  #probing: ReturnType<typeof setTimeout> | null = null;
  #probes = 0;
  #refreshing: ReturnType<typeof setTimeout> | null = null;
  #refreshAgain = false;

  override canRun(mutation: Parameters<MutationCache['canRun']>[0]): boolean {
    if (nameOf(mutation) === null) return super.canRun(mutation);
    return !this.#away && sendable(this.getAll()).has(mutation);
  }

  override runNext(mutation: Parameters<MutationCache['runNext']>[0]): Promise<unknown> {
    const next = super.runNext(mutation);
    if (nameOf(mutation) === null) return next;
    if (mutation.state.status === 'success') this.#serverBack();
    this.#wake();
    return next;
  }

  override notify(event: Parameters<MutationCache['notify']>[0]): void {
    const { mutation } = event;
    if (mutation && nameOf(mutation) !== null && event.type === 'updated') {
      if (event.action.type === 'failed' && isAway(event.action.error)) this.#serverGone();
      // Paused: it waits for the connection (its refusal goes to the list, its answer refreshes the screens).
      if (event.action.type === 'pause') markWaited(mutation);
      if (event.action.type === 'success') this.#sent(mutation);
    }
    if (mutation && nameOf(mutation) !== null) this.#noteWaiting(mutation, event.type !== 'removed' && isWaiting(mutation));
    super.notify(event);
  }

  /**
   * The queued changes that wait, in the order made, as the screens were last told (the same array
   * until it changes, for `useSyncExternalStore`). Kept from the cache's events, one lookup each,
   * instead of every list walking and comparing the whole cache on every event (decision 0053).
   */
  readonly waitingChanges = (): readonly WaitingChange[] => this.#published;

  /** Calls `listener` when `waitingChanges` changed: at once, then at most every `WAITING_PUBLISH_MS`. */
  readonly subscribeWaiting = (listener: () => void): (() => void) => {
    this.#waitingListeners.add(listener);
    return () => this.#waitingListeners.delete(listener);
  };

  #noteWaiting(mutation: Mutation, waiting: boolean): void {
    if (waiting === this.#waiting.has(mutation)) return;
    if (waiting) this.#waiting.set(mutation, waitingChangeOf(mutation)!);
    else this.#waiting.delete(mutation);
    this.#publishWaiting();
  }

  #publishWaiting(): void {
    if (this.#publishing !== null) {
      this.#publishAgain = true;
      return;
    }
    this.#published = [...this.#waiting].sort(([a], [b]) => a.mutationId - b.mutationId).map(([, change]) => change);
    for (const listener of this.#waitingListeners) listener();
    this.#publishing = setTimeout(() => {
      this.#publishing = null;
      if (!this.#publishAgain) return;
      this.#publishAgain = false;
      this.#publishWaiting();
    }, WAITING_PUBLISH_MS);
  }

  /** Binds the cache to its client (the screens' refresh) and probes the moment the connection returns. */
  watchConnection(client: QueryClient): () => void {
    this.#client = client;
    return onlineManager.subscribe((online) => {
      if (online && this.#away) void this.#probe();
    });
  }

  /** Sends what may go now: the paused changes `sendable` lets through (a restored one starts). */
  #wake(): void {
    if (this.#away) return;
    for (const mutation of sendable(this.getAll())) {
      if (mutation.state.isPaused) void (mutation as unknown as { continue: () => Promise<unknown> }).continue().catch(() => undefined);
    }
  }

  #serverGone(): void {
    this.#away = true;
    this.#probeSoon();
  }

  #serverBack(): void {
    if (!this.#away) return;
    this.#away = false;
    this.#probes = 0;
    if (this.#probing !== null) clearTimeout(this.#probing);
    this.#probing = null;
  }

  #probeSoon(): void {
    if (this.#probing !== null || !this.#away) return;
    const delay = this.#probes < PROBES_BEFORE_SLOWER ? PROBE_MS : SLOWER_PROBE_MS;
    this.#probing = setTimeout(() => {
      this.#probing = null;
      void this.#probe();
    }, delay);
  }

  async #probe(): Promise<void> {
    // Offline there is nothing to ask; the connection's return probes at once (`watchConnection`).
    if (!this.#away || !onlineManager.isOnline()) return;
    if (!hasUnsent(this)) return this.#serverBack();
    this.#probes++;
    const answered = await fetch('/health', { cache: 'no-store', signal: AbortSignal.timeout(10_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) {
      this.#serverBack();
      this.#wake();
    } else this.#probeSoon();
  }

  /**
   * A change that waited was taken by the server: the screens showing it refresh, at most once in
   * five seconds while the queue is sent and at once after its last change (one refresh per change
   * would fetch every open screen for each of five hundred changes, and a restored change has no
   * screen of its own to refresh).
   */
  #sent(mutation: AnyMutation): void {
    const id = idempotencyKeyOf(mutation.state.variables);
    if (!id || !waited.delete(id) || !this.#client) return;
    this.#refresh(this.#client, !hasUnsent(this));
  }

  /** At once when none ran within the last `REFRESH_MS` or the queue is done, else once more when that time is over. */
  #refresh(client: QueryClient, done = false): void {
    if (this.#refreshing !== null && !done) {
      this.#refreshAgain = true;
      return;
    }
    if (this.#refreshing !== null) clearTimeout(this.#refreshing);
    this.#refreshAgain = false;
    void client.invalidateQueries();
    this.#refreshing = setTimeout(() => {
      this.#refreshing = null;
      if (!this.#refreshAgain) return;
      this.#refreshAgain = false;
      this.#refresh(client);
    }, REFRESH_MS);
  }
}

// ---- keeping it on the device -------------------------------------------------------------------

interface Snapshot {
  version: number;
  savedAt: number;
  state: DehydratedState;
  refused: RefusedChange[];
}

// idb-keyval loads with the first read or write, outside the entry's JavaScript (its budget).
const hasStore = typeof indexedDB !== 'undefined';
let idb: Promise<{ keyval: typeof import('idb-keyval'); store: ReturnType<typeof import('idb-keyval').createStore> }> | null = null;
function keyval() {
  idb ??= import('idb-keyval').then((keyval) => ({ keyval, store: keyval.createStore('fieldbook-offline', 'snapshots') }));
  return idb;
}
let owner: string | null = null;
let client: QueryClient | null = null;
let saveTimer: ReturnType<typeof setTimeout> | null = null;
let saving: Promise<void> = Promise.resolve();
/** The last write to the device failed (and the member was told). */
let storageRefused = false;
/** While the kept snapshot is read, nothing is written over it. */
let restoring = false;

const snapshotKey = (userId: string) => `member:${userId}`;

/**
 * A query with data is kept, also when its last refetch failed (offline, a screen's refetch fails
 * at once): its last good answer is what the screen shows after the next reload (decision 0048).
 */
function keptQuery(query: Query): boolean {
  if (query.state.data === undefined) return false;
  if (query.state.data instanceof Blob || query.state.data instanceof ArrayBuffer) return false;
  const id = (query.queryKey[0] as { _id?: unknown } | undefined)?._id;
  return typeof id === 'string' && !NOT_KEPT.test(id);
}

function snapshot(queryClient: QueryClient): Snapshot {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: keptQuery,
    shouldDehydrateMutation: (mutation) => nameOf(mutation) !== null && mutation.state.status === 'pending',
  });
  // A failure's error holds its Response, which IndexedDB cannot store; the queue needs none of it.
  // One on its way when the page goes is restored paused, to be sent again (same key: once).
  const mutations = state.mutations.map((m) => ({ ...m, state: { ...m.state, isPaused: true, error: null, failureReason: null } }));
  // A query whose refetch failed is kept as its last good answer, not as the failure.
  const queries = state.queries.map((q) =>
    q.state.status === 'success' && q.state.fetchFailureCount === 0
      ? q
      : { ...q, state: { ...q.state, status: 'success' as const, error: null, errorUpdateCount: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchStatus: 'idle' as const } },
  );
  return { version: SNAPSHOT_VERSION, savedAt: Date.now(), state: { ...state, queries, mutations }, refused };
}

/** Writes the snapshot now (the queue changed) or soon (a screen's data changed). */
function scheduleSave(delay: number) {
  if (!hasStore || !owner || !client || restoring) return;
  if (saveTimer !== null) {
    if (delay > 0) return;
    clearTimeout(saveTimer);
  }
  saveTimer = setTimeout(() => {
    saveTimer = null;
    void flushOfflineData();
  }, delay);
}

/** Writes what waits and what the screens show to the device now. */
export function flushOfflineData(): Promise<void> {
  if (!hasStore || !owner || !client || restoring) return saving;
  const key = snapshotKey(owner);
  const data = snapshot(client);
  saving = saving
    .then(async () => {
      const { keyval: kv, store } = await keyval();
      await kv.set(key, data, store);
      storageRefused = false;
    })
    .catch(() => {
      // The browser's storage is full (or refused): what waits stays in memory only. Said once, not
      // silently (decision 0042): the member keeps the app open until it is sent, or frees space.
      if (storageRefused || !client?.getMutationCache().getAll().some(isWaiting)) return;
      storageRefused = true;
      showWarning(i18n._(msg`The device's storage is full: changes that wait for the connection are kept only while the app stays open. Keep it open until they are sent, or free space on the device.`), {
        title: i18n._(msg`Not saved on this device`),
        group: 'offline-storage',
        autoClose: 30_000,
      });
    });
  return saving;
}

/** Gives every queued change its function; before `restoreOfflineData`, so restored changes can be sent. */
export function registerQueuedChanges(queryClient: QueryClient): void {
  for (const name of Object.keys(QUEUED) as QueuedName[]) {
    const { mutationFn } = QUEUED[name]() as { mutationFn?: (variables: unknown) => Promise<unknown> };
    // A restored change has no screen of its own: the screens showing it refresh (`QueuedChangesCache`,
    // at most once in five seconds while it is sent; awaited here, each change would wait for every open screen's refetch).
    queryClient.setMutationDefaults([KEY_PREFIX, name], { mutationFn, ...shared });
  }
  const cache = queryClient.getMutationCache();
  if (cache instanceof QueuedChangesCache) cache.watchConnection(queryClient);
}

/**
 * Restores the member's kept queue and screens (after a reload, also offline), then keeps them:
 * every change of the queue is written at once, the screens' data at most once a second. Sends
 * the restored queue when online.
 */
export async function restoreOfflineData(queryClient: QueryClient, userId: string | null): Promise<void> {
  // The same member on the same client has it already; a new client (a reload) or member restores.
  if (client === queryClient && owner === userId) return;
  client = queryClient;
  owner = userId;
  if (!hasStore || !userId) return;
  let kept: Snapshot | undefined;
  restoring = true;
  try {
    const { keyval: kv, store } = await keyval();
    kept = await kv.get<Snapshot>(snapshotKey(userId), store);
  } catch {
    kept = undefined; // private mode or storage refused: the app works without what was kept
  } finally {
    restoring = false;
  }
  if (kept && kept.version === SNAPSHOT_VERSION && owner === userId) {
    const fresh = Date.now() - kept.savedAt < KEEP_MS;
    const state: DehydratedState = fresh ? kept.state : { ...kept.state, queries: [] };
    hydrate(queryClient, state);
    // Kept to be read offline, not to be trusted online: with a connection each restored answer is
    // fetched anew when its screen opens (the firm's consent or license may have changed meanwhile).
    // Without one they stay as they are: a route that loads its data first would wait for the
    // connection instead of showing what was kept.
    if (navigator.onLine && onlineManager.isOnline()) {
      const restored = new Set(state.queries.map((query) => query.queryHash));
      void queryClient.invalidateQueries({ predicate: (query) => restored.has(query.queryHash), refetchType: 'none' });
    }
    for (const mutation of state.mutations) {
      const id = idempotencyKeyOf(mutation.state.variables);
      if (id) waited.add(id);
    }
    refused = kept.refused ?? [];
    for (const listener of refusedListeners) listener();
    if (onlineManager.isOnline()) void queryClient.resumePausedMutations();
  }
}

/** Removes the member's kept queue, screens and refused changes from the device (signing out). */
export async function clearOfflineData(): Promise<void> {
  const userId = owner;
  const queryClient = client;
  owner = null;
  if (saveTimer !== null) clearTimeout(saveTimer);
  saveTimer = null;
  waited.clear();
  refused = [];
  for (const listener of refusedListeners) listener();
  // The screens' data leaves with the screens (the signed-in layout clears it once they are gone).
  queryClient?.getMutationCache().clear();
  await saving;
  if (hasStore && userId) {
    const { keyval: kv, store } = await keyval();
    await kv.del(snapshotKey(userId), store).catch(() => undefined);
  }
}

/** Starts keeping: marks changes that wait, and writes on every change of the caches. */
export function keepOfflineData(queryClient: QueryClient): () => void {
  const offMutations = queryClient.getMutationCache().subscribe((event) => {
    const mutation = event.mutation;
    if (mutation && nameOf(mutation) && (mutation.state.isPaused || mutation.state.failureCount > 0)) markWaited(mutation);
    // A change made, paused or refused is written at once; one sent leaves the kept queue within a
    // second (decision 0047): resent after a reload, its key answers the first answer, nothing twice.
    const sent = event.type === 'updated' && (event.action.type === 'success' || event.action.type === 'continue' || event.action.type === 'failed');
    scheduleSave(sent ? 1000 : 0);
  });
  const offQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type !== 'success') return;
    scheduleSave(1000);
  });
  const flush = () => {
    if (document.visibilityState === 'hidden') void flushOfflineData();
  };
  document.addEventListener('visibilitychange', flush);
  return () => {
    offMutations();
    offQueries();
    document.removeEventListener('visibilitychange', flush);
  };
}


export const offlineQueueSettings = { keepMs: KEEP_MS };
