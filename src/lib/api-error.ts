/**
 * The one error type of every API call. The client's error interceptor builds it
 * from the answer; the query and mutation caches turn it into a toast (src/lib/query-client.ts).
 *
 * - An answer with the envelope (`{ isSuccess, data, errorMessages, errors, successMessage }`)
 *   carries its codes, messages and field errors: a business error when any code is not
 *   `UNEXPECTED_ERROR` or a field has errors.
 * - 400 without an envelope (no body, text, other JSON): "A server side error occurred."
 * - Any other status without one: "An unexpected server error occurred." The body, parsed or as
 *   text, is kept in `result`, the status and headers beside it.
 * - A success answer whose JSON cannot be parsed, or no answer at all (network failure): code
 *   `UNEXPECTED_ERROR`, "An unexpected error occurred".
 *
 * Every error without an envelope carries the single code `UNEXPECTED_ERROR`.
 */

export const UNEXPECTED_ERROR = 'UNEXPECTED_ERROR';
export const NO_ACTIVE_LICENSE_MANAGER_TRIAL = 'NO_ACTIVE_LICENSE_MANAGER_TRIAL';
export const NO_LICENSE = 'NO_LICENSE';

export const GENERIC_400_MESSAGE = 'A server side error occurred.';
export const GENERIC_STATUS_MESSAGE = 'An unexpected server error occurred.';
export const UNPARSABLE_MESSAGE = 'An unexpected error occurred';
export const REFRESH_FAILED_MESSAGE = 'Unable to refresh tokenset';

export interface ApiErrorMessage {
  code: string;
  message: string;
  meta?: { checkoutUrl?: string; role?: string; retryAfterSeconds?: number; [key: string]: unknown };
}

interface ApiErrorInit {
  message: string;
  status: number;
  response?: Response;
  headers?: Headers;
  result?: unknown;
  messages?: ApiErrorMessage[];
  fieldErrors?: Record<string, string[]>;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly status: number;
  readonly response: Response | undefined;
  readonly headers: Headers | undefined;
  /** The parsed body (or its text) as the server sent it. */
  readonly result: unknown;
  /** The envelope's error messages; one UNEXPECTED_ERROR message when there was no envelope. */
  readonly messages: ApiErrorMessage[];
  readonly codes: string[];
  /** The envelope's `errors`: field name to messages. */
  readonly fieldErrors: Record<string, string[]>;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.response = init.response;
    this.headers = init.headers ?? init.response?.headers;
    this.result = init.result;
    this.messages = init.messages?.length
      ? init.messages
      : [{ code: UNEXPECTED_ERROR, message: init.message }];
    this.codes = this.messages.map((m) => m.code);
    this.fieldErrors = init.fieldErrors ?? {};
  }

  /** A rule of the business was broken (show "Failed"), not a technical failure. */
  get isBusinessError(): boolean {
    return (
      this.codes.some((code) => code !== UNEXPECTED_ERROR) || Object.keys(this.fieldErrors).length > 0
    );
  }

  hasCode(code: string): boolean {
    return this.codes.includes(code);
  }
}

/** Thrown when the token set cannot be refreshed; the session is cleared before. */
export class RefreshTokenError extends Error {
  constructor(cause?: unknown) {
    super(REFRESH_FAILED_MESSAGE, cause === undefined ? undefined : { cause });
    this.name = 'RefreshTokenError';
  }
}

interface EnvelopeLike {
  errorMessages: unknown[];
  errors?: unknown;
  isSuccess?: unknown;
}

function isEnvelope(body: unknown): body is EnvelopeLike {
  return (
    typeof body === 'object' &&
    body !== null &&
    Array.isArray((body as { errorMessages?: unknown }).errorMessages)
  );
}

function readMessages(list: unknown[]): ApiErrorMessage[] {
  return list.flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const { code, message, meta } = item as Record<string, unknown>;
    return [
      {
        code: typeof code === 'string' && code ? code : UNEXPECTED_ERROR,
        message: typeof message === 'string' ? message : '',
        ...(typeof meta === 'object' && meta !== null ? { meta: meta as ApiErrorMessage['meta'] } : {}),
      },
    ];
  });
}

function readFieldErrors(errors: unknown): Record<string, string[]> {
  if (typeof errors !== 'object' || errors === null) return {};
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(errors)) {
    const list = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    if (list.length) out[field] = list;
  }
  return out;
}

/**
 * Builds the ApiError for a failed answer. `body` is what the client read: the parsed JSON, or the
 * text when it was not JSON (empty string for an empty body).
 */
export function apiErrorFromResponse(body: unknown, response: Response): ApiError {
  const { status, headers } = response;

  if (isEnvelope(body)) {
    const messages = readMessages(body.errorMessages);
    const fieldErrors = readFieldErrors(body.errors);
    const fallback = status === 400 ? GENERIC_400_MESSAGE : GENERIC_STATUS_MESSAGE;
    const text = messages.map((m) => m.message).filter(Boolean).join('\n') || fallback;
    return new ApiError({ message: text, status, response, headers, result: body, messages, fieldErrors });
  }

  const hasBody = !(body === undefined || body === null || body === '');
  return new ApiError({
    message: status === 400 ? GENERIC_400_MESSAGE : GENERIC_STATUS_MESSAGE,
    status,
    response,
    headers,
    result: hasBody ? body : undefined,
  });
}

/** Turns anything thrown (network failure, parse error) into an UNEXPECTED_ERROR ApiError. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({ message: UNPARSABLE_MESSAGE, status: 0, cause: error });
}

export function isAbortError(error: unknown): boolean {
  return (
    (error instanceof DOMException && error.name === 'AbortError') ||
    (error instanceof Error && error.name === 'AbortError')
  );
}
