/**
 * One catalogue of errors. Every failure leaves the server as the envelope with a stable code
 * from the contract's ErrorCode enum; 5xx never carry internals.
 */
import type { components } from '../../generated/server/openapi';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { translate, type MessageKey } from './i18n';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/availability';

export type ErrorCode = components['schemas']['ErrorCode'];
export type FieldErrors = Record<string, string[]>;
export interface ErrorMeta {
  checkoutUrl?: string;
  role?: components['schemas']['Role'];
  retryAfterSeconds?: number;
}

export interface Envelope<T> {
  isSuccess: boolean;
  data: T | null;
  errorMessages: { code: ErrorCode; message: string; meta?: ErrorMeta }[];
  errors: FieldErrors;
  successMessage: string | null;
}

export function ok<T>(data: T, successMessage: string | null = null): Envelope<T> {
  return { isSuccess: true, data, errorMessages: [], errors: {}, successMessage };
}

const defaultStatus: Partial<Record<ErrorCode, number>> = {
  UNEXPECTED_ERROR: 500,
  UNAUTHORIZED: 401,
  TOKEN_INVALID: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  NO_LICENSE: 403,
  NO_ACTIVE_LICENSE_MANAGER_TRIAL: 403,
  NOT_FOUND: 404,
  OWNER_PROTECTED: 403,
  LATE_ENTRY_TOO_OLD: 403,
  USER_ARCHIVED: 403,
  CONFLICT: 409,
  ENTRY_LOCKED: 409,
  ENTRY_INVOICED: 409,
  INVOICE_ISSUED_ELSEWHERE: 409,
  EMAIL_ALREADY_REGISTERED: 409,
  PASSKEY_EXISTS: 409,
  DUPLICATE_EAN: 409,
  TIMER_ALREADY_RUNNING: 409,
  TIMER_NOT_RUNNING: 409,
  ACTIVE_USER_TIME_TRACK_EXISTS: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  NO_ACTIVE_USER_TIME_TRACK: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  FEATURE_NOT_IMPLEMENTED: 501,
  SERVICE_UNAVAILABLE: 503,
};

/** A failure the caller can act on. `messageKey` is translated into the caller's language. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: MessageKey = code as MessageKey,
    options: {
      status?: number;
      fieldErrors?: FieldErrors;
      meta?: ErrorMeta;
      params?: Record<string, string | number>;
      /** Parameters that are lists of messages, worded in the caller's language and joined with commas. */
      listParams?: Record<string, MessageKey[]>;
    } = {},
  ) {
    super(code);
    this.statusCode = options.status ?? defaultStatus[code] ?? 400;
    this.fieldErrors = options.fieldErrors ?? {};
    this.meta = options.meta;
    this.params = options.params;
    this.listParams = options.listParams;
  }
  readonly listParams?: Record<string, MessageKey[]>;
  readonly fieldErrors: FieldErrors;
  readonly meta?: ErrorMeta;
  readonly params?: Record<string, string | number>;
}

/**
 * The stored first answer of a call sent again with its idempotency key (`platform/idempotency.ts`),
 * thrown where the call finds it (an upload, once its form is read) and sent as it was.
 */
export class ReplayedAnswer extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: string,
  ) {
    super('replayed answer');
  }
}

export const notFound = () => new AppError('NOT_FOUND');
export const forbidden = () => new AppError('FORBIDDEN');
export const notImplemented = () => new AppError('FEATURE_NOT_IMPLEMENTED');

export function errorEnvelope(
  code: ErrorCode,
  message: string,
  fieldErrors: FieldErrors = {},
  meta?: ErrorMeta,
): Envelope<null> {
  return {
    isSuccess: false,
    data: null,
    errorMessages: [meta ? { code, message, meta } : { code, message }],
    errors: fieldErrors,
    successMessage: null,
  };
}

interface AjvLikeError {
  instancePath?: string;
  keyword: string;
  params?: Record<string, unknown>;
  message?: string;
}

/** Turns contract validation failures into `{ field: [message] }`. */
export function fieldErrorsFromValidation(
  errors: AjvLikeError[],
  context: string | undefined,
  lang: string,
): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) {
    let field = (e.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    if (e.keyword === 'required' && typeof e.params?.missingProperty === 'string') {
      field = field ? `${field}.${e.params.missingProperty}` : e.params.missingProperty;
    }
    if (e.keyword === 'additionalProperties' && typeof e.params?.additionalProperty === 'string') {
      field = field ? `${field}.${e.params.additionalProperty}` : e.params.additionalProperty;
    }
    if (!field) field = context ?? 'body';
    const message = validationMessage(e, lang);
    const messages = (out[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return out;
}

function validationMessage(e: AjvLikeError, lang: string): string {
  const p = e.params ?? {};
  switch (e.keyword) {
    case 'required':
      return translate(lang, 'validation.required');
    case 'type':
      return translate(lang, 'validation.type', { type: String(p.type) });
    case 'format':
      return translate(lang, 'validation.format', { format: String(p.format) });
    case 'maxLength':
      return translate(lang, 'validation.maxLength', { limit: Number(p.limit) });
    case 'minLength':
      return translate(lang, 'validation.minLength', { limit: Number(p.limit) });
    case 'minimum':
    case 'exclusiveMinimum':
      return translate(lang, 'validation.minimum', { limit: Number(p.limit) });
    case 'maximum':
    case 'exclusiveMaximum':
      return translate(lang, 'validation.maximum', { limit: Number(p.limit) });
    case 'enum':
      return translate(lang, 'validation.enum', {
        values: Array.isArray(p.allowedValues) ? p.allowedValues.join(', ') : '',
      });
    case 'additionalProperties':
      return translate(lang, 'validation.unknownField');
    case 'maxItems':
      return translate(lang, 'validation.maxItems', { limit: Number(p.limit) });
    case 'pattern':
      return translate(lang, 'validation.pattern');
    case 'minProperties':
      return translate(lang, 'validation.minProperties');
    default:
      return translate(lang, 'validation.invalid');
  }
}

/**
 * The database's refusal to change an entry an issued invoice billed (SQLSTATE FB409, the invoice's
 * number as detail; migration 0030, decision 0031): every entry-changing call answers it as 409
 * naming the invoice, whichever service ran into it.
 */
function invoicedEntryRefusal(error: unknown): AppError | undefined {
  const pgError = ((error as { cause?: unknown }).cause ?? error) as { code?: unknown; detail?: unknown };
  if (pgError?.code !== 'FB409') return undefined;
  return new AppError('ENTRY_INVOICED', 'invoice.entryInvoiced', { params: { number: typeof pgError.detail === 'string' ? pgError.detail : '' } });
}

/** The single error handler: masks internals of 5xx, maps Fastify's own errors to codes. */
export function handleError(error: FastifyError | AppError | ReplayedAnswer, request: FastifyRequest, reply: FastifyReply) {
  const lang = request.lang ?? 'de';
  if (error instanceof ReplayedAnswer) {
    return reply.status(error.statusCode).header('Idempotent-Replayed', 'true').type('application/json; charset=utf-8').send(error.body);
  }
  const invoiced = invoicedEntryRefusal(error);
  if (invoiced) return handleError(invoiced, request, reply);
  if (error instanceof AppError) {
    // A refusal caused by a failure inside a library: the person reads the message, the log the cause.
    if (error.cause !== undefined) request.log.warn({ err: error.cause, code: error.code }, `refused (${error.messageKey}): ${error.cause instanceof Error ? error.cause.message : String(error.cause)}`);
    const params = error.listParams
      ? { ...error.params, ...Object.fromEntries(Object.entries(error.listParams).map(([name, keys]) => [name, keys.map((k) => translate(lang, k)).join(', ')])) }
      : error.params;
    if ((error.statusCode === 429 || error.statusCode === 503) && error.meta?.retryAfterSeconds) {
      reply.header('Retry-After', String(error.meta.retryAfterSeconds));
    }
    const fieldErrors = Object.fromEntries(
      Object.entries(error.fieldErrors).map(([field, keys]) => [field, keys.map((k) => translate(lang, k, params))]),
    );
    return reply
      .status(error.statusCode)
      .send(errorEnvelope(error.code, translate(lang, error.messageKey, params), fieldErrors, error.meta));
  }
  const fe = error as FastifyError & { validationContext?: string };
  if (fe.validation) {
    const fieldErrors = fieldErrorsFromValidation(fe.validation as AjvLikeError[], fe.validationContext, lang);
    return reply.status(400).send(errorEnvelope('VALIDATION_ERROR', translate(lang, 'VALIDATION_ERROR'), fieldErrors));
  }
  const status = fe.statusCode ?? 500;
  if (status === 413 || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return reply.status(413).send(errorEnvelope('PAYLOAD_TOO_LARGE', translate(lang, 'PAYLOAD_TOO_LARGE')));
  }
  if (status === 415 || fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return reply.status(415).send(errorEnvelope('UNSUPPORTED_MEDIA_TYPE', translate(lang, 'UNSUPPORTED_MEDIA_TYPE')));
  }
  if (status >= 400 && status < 500) {
    // Malformed JSON, empty body with a JSON content type and the like.
    return reply.status(400).send(errorEnvelope('BAD_REQUEST', translate(lang, 'BAD_REQUEST')));
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    const meta = { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS };
    return reply.status(503).send(errorEnvelope('SERVICE_UNAVAILABLE', translate(lang, 'SERVICE_UNAVAILABLE'), {}, meta));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(errorEnvelope('UNEXPECTED_ERROR', translate(lang, 'UNEXPECTED_ERROR')));
}
