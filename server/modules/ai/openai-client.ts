/**
 * The OpenAI-compatible HTTP API as we use it, so a firm can point it at a hosted provider or a
 * server of its own (a local Whisper server, Ollama's `/v1`):
 *
 * - `POST {url}/audio/transcriptions`: multipart `file`, `model`, `language`, `response_format=json`
 *   → `{ text }`;
 * - `POST {url}/chat/completions`: `messages` and `response_format: { type: 'json_schema',
 *   json_schema: { name, strict: true, schema } }` → `choices[0].message.content`, a JSON text that
 *   follows the schema (checked again here: a model's answer is input like any other).
 *
 * Every call has a timeout; 429 and 5xx are retried with backoff (honouring Retry-After), a
 * timeout once (`platform/http-retry.ts`, shared with the lexoffice client). Failures are `AiProviderError`s without the key or the provider's text in them.
 */
import type { AiServiceConfig } from '../../platform/config';
import { fetchWithRetries, NoAnswer } from '../../platform/http-retry';

export class AiProviderError extends Error {
  constructor(
    readonly kind: 'refused' | 'unavailable' | 'invalid',
    readonly status: number,
  ) {
    super(`AI provider ${kind} (${status})`);
  }
}

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

const RETRIES = 2;

export class OpenAiClient {
  constructor(
    private readonly service: AiServiceConfig,
    private readonly options: { timeoutMs: number; retries?: number; sleep?: (ms: number) => Promise<void> },
  ) {}

  private async post(path: string, body: BodyInit, json: boolean): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchWithRetries(
        `${this.service.url}${path}`,
        () => ({
          method: 'POST',
          headers: {
            Accept: 'application/json',
            ...(this.service.key ? { Authorization: `Bearer ${this.service.key}` } : {}),
            ...(json ? { 'Content-Type': 'application/json' } : {}),
          },
          body,
        }),
        { timeoutMs: this.options.timeoutMs, retries: this.options.retries ?? RETRIES, maxRetryAfterSeconds: 20, maxBackoffMs: 4000, sleep: this.options.sleep },
      );
    } catch (error) {
      if (error instanceof NoAnswer) throw new AiProviderError('unavailable', 0);
      throw error;
    }
    if (response.ok) {
      try {
        return await response.json();
      } catch {
        throw new AiProviderError('invalid', response.status);
      }
    }
    await response.body?.cancel();
    if (response.status === 401 || response.status === 403) throw new AiProviderError('refused', response.status);
    throw new AiProviderError(response.status === 429 || response.status >= 500 ? 'unavailable' : 'invalid', response.status);
  }

  /** The text of a recording. The audio is only held in memory for this request. */
  async transcribe(audio: Buffer, fileName: string, mimeType: string, language: 'de' | 'en'): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(audio)], { type: mimeType }), fileName);
    form.append('model', this.service.model);
    form.append('language', language);
    form.append('response_format', 'json');
    const answer = (await this.post('/audio/transcriptions', form, false)) as { text?: unknown };
    if (typeof answer?.text !== 'string') throw new AiProviderError('invalid', 200);
    return answer.text.trim();
  }

  /** A chat completion whose answer follows `schema` (JSON Schema, strict), parsed. */
  async structured<T>(name: string, schema: Record<string, unknown>, messages: ChatMessage[]): Promise<T> {
    const answer = (await this.post(
      '/chat/completions',
      JSON.stringify({
        model: this.service.model,
        temperature: 0.2,
        messages,
        response_format: { type: 'json_schema', json_schema: { name, strict: true, schema } },
      }),
      true,
    )) as { choices?: { message?: { content?: unknown } }[] };
    const content = answer?.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new AiProviderError('invalid', 200);
    try {
      return JSON.parse(content) as T;
    } catch {
      throw new AiProviderError('invalid', 200);
    }
  }
}
