/**
 * Calls to outside services (lexoffice, the AI providers): each attempt has a timeout; an answer of
 * 429 or 5xx is asked again with backoff (honouring Retry-After up to a cap); no answer at all (a
 * timeout, no connection) is asked once more only, so a hanging service does not hold the caller
 * for long. The caller reads the last answer, whatever its status, and words its own errors.
 */
export class NoAnswer extends Error {
  constructor() {
    super('no answer');
  }
}

export interface RetryOptions {
  timeoutMs: number;
  /** Further attempts after a 429 or 5xx. */
  retries: number;
  /** Longest Retry-After honoured, in seconds. */
  maxRetryAfterSeconds: number;
  /** Longest backoff without Retry-After, in milliseconds. */
  maxBackoffMs: number;
  sleep?: (ms: number) => Promise<void>;
  /** Runs before every attempt (pacing of a rate-limited service). */
  beforeAttempt?: () => Promise<void>;
}

export async function fetchWithRetries(url: string, init: () => RequestInit, options: RetryOptions): Promise<Response> {
  const sleep = options.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)));
  const backoff = (attempt: number) => Math.min(options.maxBackoffMs, 500 * 2 ** attempt) + Math.floor(Math.random() * 250);
  for (let attempt = 0; ; attempt++) {
    await options.beforeAttempt?.();
    let response: Response;
    try {
      response = await fetch(url, { ...init(), signal: AbortSignal.timeout(options.timeoutMs) });
    } catch {
      if (attempt < Math.min(options.retries, 1)) {
        await sleep(backoff(attempt));
        continue;
      }
      throw new NoAnswer();
    }
    const transient = response.status === 429 || response.status >= 500;
    if (!transient || attempt >= options.retries) return response;
    await response.body?.cancel();
    const retryAfter = Number(response.headers.get('retry-after'));
    await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, options.maxRetryAfterSeconds) * 1000 : backoff(attempt));
  }
}
