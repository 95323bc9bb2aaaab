/**
 * Checks every request passes before a handler sees it, beside the contract's schemas:
 * - text (query, path, JSON body, form fields) holds no NUL or other C0 control character but
 *   tab, line feed and carriage return, and no lone UTF-16 surrogate: PostgreSQL refuses NUL in
 *   text and a lone surrogate cannot be stored or sent as UTF-8;
 * - a body comes in a media type the operation declares (a JSON body sent as text/plain would
 *   otherwise skip the contract's validation);
 * - `date-time` and `date` are instants JavaScript and PostgreSQL both hold: years 0001 to 9999,
 *   real calendar days, no leap second.
 */
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorEnvelope, handleError } from './errors';
import { pickLanguage, translate } from './i18n';
import type { OperationInfo } from './contract';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const BAD_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isCleanText(text: string): boolean {
  return !BAD_TEXT.test(text);
}

/**
 * The dotted path of the first string (value or key) with characters text may not hold. Walks
 * without recursion: a body may nest deeper than the call stack reaches.
 */
export function findBadText(value: unknown, path = ''): string | undefined {
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length > 0) {
    const [item, here] = stack.pop()!;
    if (typeof item === 'string') {
      if (!isCleanText(item)) return here;
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    const entries = Array.isArray(item) ? item.map((v, i) => [String(i), v] as const) : Object.entries(item);
    const children: [unknown, string][] = [];
    for (const [key, child] of entries) {
      const cleanKey = isCleanText(key) ? key : key.replace(new RegExp(BAD_TEXT.source, 'g'), '?');
      const childPath = here ? `${here}.${cleanKey}` : cleanKey;
      if (cleanKey !== key) return childPath;
      children.push([child, childPath]);
    }
    // Reversed onto the stack, so fields are looked at in their order.
    stack.push(...children.reverse());
  }
  return undefined;
}

export function badTextError(field: string) {
  return new AppError('VALIDATION_ERROR', 'VALIDATION_ERROR', { fieldErrors: { [field]: ['validation.characters'] } });
}

/** The first key or value of a flat object of strings (a query string, path parameters) that text may not hold; undefined when clean. */
function badTextOfFlat(part: unknown): string | undefined {
  if (part === null || typeof part !== 'object') return findBadText(part);
  for (const key in part as Record<string, unknown>) {
    const value = (part as Record<string, unknown>)[key];
    // A repeated query parameter is an array, anything else than a string is walked the long way.
    if (typeof value !== 'string' || !isCleanText(key) || !isCleanText(value)) return findBadText(part);
  }
  return undefined;
}

/**
 * preValidation of every route: query, path and body as parsed, before the contract's schemas. A
 * callback hook (every request passes it; an async one costs a promise per request), with the
 * flat query and path checked without building the walk's paths (decision 0051).
 */
export function refuseBadText(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
  for (const [part, fallback] of [
    [request.params, 'params'],
    [request.query, 'query'],
    [request.body, 'body'],
  ] as const) {
    const found = part === request.body ? findBadText(part) : badTextOfFlat(part);
    if (found !== undefined) return done(badTextError(found || fallback));
  }
  done();
}

/**
 * onRequest of a contract operation with a request body: a body in another media type answers
 * 415 before it is read. Calls without a body pass; the contract decides whether one is required.
 * Operations without a body get no hook (undefined).
 */
export function refuseUndeclaredMediaType(info: OperationInfo) {
  if (info.bodyTypes.length === 0) return undefined;
  return async (request: FastifyRequest) => {
    const length = request.headers['content-length'];
    const hasBody = request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
    if (!hasBody) return;
    const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (info.bodyTypes.includes(type)) return;
    if (info.multipart) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'multipart.expected');
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'request.mediaType', { params: { types: info.bodyTypes.join(', ') } });
  };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

function isCalendarDay(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

export function isDate(value: string): boolean {
  const m = DATE.exec(value);
  return !!m && isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

export function isDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (!m || !isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59) return false;
  if (m[7] !== undefined && (Number(m[7]) > 23 || Number(m[8]) > 59)) return false;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return false;
  const year = instant.getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/** Replaces ajv-formats' `date-time` and `date` with the stricter checks above. */
export function addStrictDateFormats(ajv: { addFormat: (name: string, format: { type: 'string'; validate: (v: string) => boolean }) => unknown }) {
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
  ajv.addFormat('date', { type: 'string', validate: isDate });
}

/**
 * Errors Fastify meets before a route is found (`frameworkErrors`): a path segment longer than
 * the router takes (414) or not decodable (400), answered with the envelope.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.lang = pickLanguage(request.headers['accept-language']);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send(errorEnvelope('BAD_REQUEST', translate(request.lang, 'request.uriTooLong')));
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send(errorEnvelope('BAD_REQUEST', translate(request.lang, 'request.badUrl')));
  }
  return handleError(error, request, reply);
}

/**
 * Errors of the HTTP parser (`clientErrorHandler`), before Fastify has a request: headers or
 * address too large (431), a timeout (408), anything else malformed (400). The language comes from
 * the raw bytes read so far, when they hold an Accept-Language header.
 */
export function clientError(error: { code?: string; rawPacket?: unknown }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const head = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.subarray(0, 64 * 1024).toString('latin1') : '';
  const lang = pickLanguage(/\r\naccept-language:([^\r\n]*)/i.exec(head)?.[1]?.trim());
  const [status, reason, body] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', errorEnvelope('BAD_REQUEST', translate(lang, 'request.headersTooLarge'))]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', errorEnvelope('BAD_REQUEST', translate(lang, 'request.timeout'))]
        : [400, 'Bad Request', errorEnvelope('BAD_REQUEST', translate(lang, 'BAD_REQUEST'))];
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy();
}
