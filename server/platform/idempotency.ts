/**
 * Idempotency keys (decision 0033). A create or upload the app may queue while offline declares the
 * `Idempotency-Key` header in the contract; sent with a key, the call runs in one tenant transaction
 * held for the whole request, which first records the key (per firm and member) with a hash of the
 * request, and commits the change and its first answer together:
 *
 * - the same key again (the answer was lost, the queue sends it once more) answers the stored first
 *   answer with `Idempotent-Replayed: true` and changes nothing;
 * - the same key with another request (another call, other parameters, another body or file)
 *   answers 409 `IDEMPOTENCY_KEY_REUSED`;
 * - a call with the key that is still running makes the second wait for it (the key's row is locked
 *   until the first commits), then answers as above;
 * - a refusal (4xx) or a failure keeps nothing: the change and the key roll back together, so the
 *   same key may be sent again once the cause is fixed; a server that dies mid-call has committed
 *   neither.
 *
 * Keys expire `IDEMPOTENCY_KEY_DAYS` after their first use (by the server's clock); an expired key
 * counts as new. Expired rows are removed by the hourly cleanup job (`platform/jobs.ts`, decision 0040).
 */
import crypto from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { idempotencyKeys } from '../db/schema';
import type { TransactionSlot } from '../db/database';
import { AppError, ReplayedAnswer } from './errors';
import type { MultipartForm } from './multipart';

/** How long a key holds its first answer. The app sends its queue as soon as it is online again. */
export const IDEMPOTENCY_KEY_DAYS = 7;
/** As `IdempotencyKey` in the contract: 8 to 128 letters, digits, `_ . : -` (a UUID fits). */
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

export interface IdempotencyState {
  key: string;
  slot: TransactionSlot;
  claimed: boolean;
}

/** JSON with the keys of every object sorted, so equal bodies hash equally whatever their order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function requestHash(request: FastifyRequest, body: unknown) {
  const what = canonical([request.operation?.operationId, request.params ?? {}, request.query ?? {}, body ?? null]);
  return crypto.createHash('sha256').update(what).digest('hex');
}

/**
 * Records the key in a held transaction and puts it in the request's slot, or answers the stored
 * first answer (`ReplayedAnswer`); a key used for another request throws 409.
 */
async function claim(request: FastifyRequest, state: IdempotencyState, hash: string): Promise<ReplayedAnswer | undefined> {
  const { tenantId, userId } = request.auth!;
  const { database, clock } = request.server.deps;
  const now = clock.now();
  const held = await database.holdTenant(tenantId);
  try {
    const mine = and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, state.key));
    await held.tx.delete(idempotencyKeys).where(and(mine, lt(idempotencyKeys.expiresAt, now)));
    // A row of a call still running is locked: this waits until that call commits or rolls back.
    const inserted = await held.tx
      .insert(idempotencyKeys)
      .values({ tenantId, userId, key: state.key, requestHash: hash, expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_DAYS * 86_400_000) })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    state.claimed = true;
    if (inserted.length > 0) {
      state.slot.held = held;
      return undefined;
    }
    const [row] = await held.tx
      .select({ requestHash: idempotencyKeys.requestHash, statusCode: idempotencyKeys.statusCode, responseBody: idempotencyKeys.responseBody })
      .from(idempotencyKeys)
      .where(mine);
    await held.release(false);
    if (!row || row.requestHash !== hash || row.statusCode === null || row.responseBody === null) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED');
    }
    return new ReplayedAnswer(row.statusCode, row.responseBody);
  } catch (error) {
    await held.release(false);
    throw error;
  }
}

/**
 * preHandler of every operation that declares the key: without the header nothing changes. A JSON
 * call claims its key here; an upload claims it when its form has been read (`claimUploadKey`).
 * Callback style, so that the handler runs inside the request's transaction slot.
 */
export function idempotencyPreHandler(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
  const key = request.headers['idempotency-key'];
  if (key === undefined || !request.auth) return done();
  // The contract's pattern, checked here: Fastify does not validate the headers of these routes.
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
    return done(new AppError('VALIDATION_ERROR', 'VALIDATION_ERROR', { fieldErrors: { 'Idempotency-Key': ['validation.pattern'] } }));
  }
  const state: IdempotencyState = { key, slot: {}, claimed: false };
  request.idempotency = state;
  const { database } = request.server.deps;
  if (request.operation?.multipart) return database.withSlot(state.slot, done);
  claim(request, state, requestHash(request, request.body)).then(
    (replay) => {
      if (replay) return void sendReplay(reply, replay);
      database.withSlot(state.slot, done);
    },
    (error: Error) => done(error),
  );
}

/** Called by `readMultipart` once the form is read: claims the key with the form's fields and file. */
export async function claimUploadKey(request: FastifyRequest, form: MultipartForm) {
  const state = request.idempotency;
  if (!state || state.claimed) return;
  const fields = [...form.fields.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const file = form.file && {
    field: form.file.field,
    name: form.file.fileName,
    type: form.file.declaredType,
    sha256: form.file.sha256,
  };
  const replay = await claim(request, state, requestHash(request, { fields, file }));
  if (replay) throw replay;
}

export function sendReplay(reply: FastifyReply, replay: ReplayedAnswer) {
  return reply.status(replay.statusCode).header('Idempotent-Replayed', 'true').type('application/json; charset=utf-8').send(replay.body);
}

/** onSend: a success commits the change with its first answer; anything else rolls both back. */
export async function finishIdempotent(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const state = request.idempotency;
  const held = state?.slot.held;
  if (!state || !held) return payload;
  state.slot.held = undefined;
  if (reply.statusCode < 200 || reply.statusCode >= 300 || typeof payload !== 'string') {
    await held.release(false);
    return payload;
  }
  const { tenantId, userId } = request.auth!;
  try {
    await held.tx
      .update(idempotencyKeys)
      .set({ statusCode: reply.statusCode, responseBody: payload })
      .where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, state.key)));
    await held.release(true);
  } catch (error) {
    await held.release(false);
    throw error;
  }
  return payload;
}

/** onResponse: a request that ended without onSend (the client went away) gives its transaction back. */
export async function abandonIdempotent(request: FastifyRequest) {
  const held = request.idempotency?.slot.held;
  if (!held) return;
  request.idempotency!.slot.held = undefined;
  await held.release(false);
}
