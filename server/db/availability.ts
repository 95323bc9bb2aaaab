/**
 * Recognises failures that mean "the database is away" (refused or lost connections, a server
 * shutting down or starting up, no free connection slot, no answer within the configured time),
 * which the API answers with 503 and Retry-After instead of 500: the call may succeed unchanged a
 * moment later.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: terminated by pg_terminate_backend or a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300', // too_many_connections
  '57014', // query_canceled: the statement ran past DATABASE_STATEMENT_TIMEOUT_MS (statement_timeout)
]);
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// node-postgres reports lost connections and connect timeouts as plain errors without a code.
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  // No answer within DATABASE_STATEMENT_TIMEOUT_MS (and its grace): the database does not respond.
  'Query read timeout',
];

/** Seconds a client is asked to wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0 && seen.size < 16) {
    const current = pending.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const e = current as { code?: unknown; syscall?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATES.has(e.code) || UNAVAILABLE_NODE_CODES.has(e.code))) return true;
    // A Unix socket whose server stopped is gone: connecting to it fails with ENOENT (only then;
    // a missing file elsewhere is no outage).
    if (e.code === 'ENOENT' && e.syscall === 'connect') return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((m) => (e.message as string).startsWith(m))) return true;
    pending.push(e.cause);
    if (Array.isArray(e.errors)) pending.push(...e.errors);
  }
  return false;
}
