/**
 * A local stand-in for an OpenAI-compatible API (the calls the server makes), following the public
 * API's shapes:
 *
 * - `POST /v1/audio/transcriptions`: multipart with `file` and `model` (400 without them) →
 *   `{ text }`, the configured transcript;
 * - `POST /v1/chat/completions`: JSON with `model`, `messages` and `response_format` of type
 *   `json_schema` (400 without) → `{ choices: [{ message: { role, content } }] }`, the content being
 *   the configured answer for the schema's name as JSON text.
 *
 * With a key set, requests without `Authorization: Bearer <key>` answer 401. `failNext` answers
 * the next requests with a status (429 with Retry-After: 0, 500, …). Every request is recorded
 * (what the server sent is what a provider would see).
 */
import http from 'node:http';

export interface RecordedAiRequest {
  path: string;
  authorization?: string;
  /** Chat: the JSON body; transcription: the form's fields and the file's size and type. */
  body: Record<string, unknown>;
}

export interface FakeOpenAi {
  url: string;
  transcript: string;
  answers: Record<string, unknown>;
  requests: RecordedAiRequest[];
  failNext: number[];
  key?: string;
  /** Answer after this many milliseconds (a slow provider). */
  delayMs: number;
  close: () => Promise<void>;
}

/** What the fake answers before a test sets anything: the dictation of the tiling example. */
export const DEFAULT_TRANSCRIPT = 'Zwei Stunden Fliesen im Bad verlegt, zwölf Fliesen 30 mal 60 und einen Sack Fliesenkleber verbraucht.';

export function defaultAnswers(): Record<string, unknown> {
  return {
    dictation: {
      durationMinutes: 120,
      timeDescription: 'Fliesen im Bad verlegt',
      materials: [
        { name: 'Fliese 30x60', quantity: 12, unit: 'Stk' },
        { name: 'Fliesenkleber', quantity: 1, unit: 'Sack' },
      ],
      note: '',
    },
    summary: { title: 'Arbeiten im Zeitraum', text: 'Zusammenfassung der Einträge.' },
    invoice_text: { title: '', text: 'Elektroinstallation im Erdgeschoss.' },
  };
}

async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeOpenAi(options: { key?: string } = {}): Promise<FakeOpenAi> {
  const fake: Omit<FakeOpenAi, 'url' | 'close'> = {
    transcript: DEFAULT_TRANSCRIPT,
    answers: defaultAnswers(),
    requests: [],
    failNext: [],
    key: options.key,
    delayMs: 0,
  };
  const server = http.createServer(async (request, response) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    const error = (status: number, message: string, type = 'invalid_request_error') => send(status, { error: { message, type, param: null, code: null } });
    const raw = await readBody(request);
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (fake.delayMs) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    if (fake.key && request.headers.authorization !== `Bearer ${fake.key}`) return error(401, 'Incorrect API key provided.', 'invalid_api_key');
    const failure = fake.failNext.shift();
    if (failure) return send(failure, { error: { message: 'Try again.', type: 'server_error' } }, failure === 429 ? { 'retry-after': '0' } : {});

    if (request.method === 'POST' && path === '/v1/audio/transcriptions') {
      let form: FormData;
      try {
        form = await new Response(new Uint8Array(raw), { headers: { 'content-type': request.headers['content-type'] ?? '' } }).formData();
      } catch {
        return error(400, 'Could not parse multipart form');
      }
      const file = form.get('file');
      if (!(file instanceof Blob) || !form.get('model')) return error(400, "'file' and 'model' are required");
      const body: Record<string, unknown> = { fileSize: file.size, fileType: file.type, fileName: (file as File).name };
      for (const [k, v] of form.entries()) if (k !== 'file') body[k] = v;
      fake.requests.push({ path, authorization: request.headers.authorization, body });
      return send(200, { text: fake.transcript });
    }

    if (request.method === 'POST' && path === '/v1/chat/completions') {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      } catch {
        return error(400, 'We could not parse the JSON body of your request.');
      }
      fake.requests.push({ path, authorization: request.headers.authorization, body });
      const format = body.response_format as { type?: string; json_schema?: { name?: string; schema?: unknown; strict?: boolean } } | undefined;
      if (!body.model || !Array.isArray(body.messages) || format?.type !== 'json_schema' || !format.json_schema?.name || !format.json_schema.schema) {
        return error(400, "'model', 'messages' and a json_schema response_format are required");
      }
      const answer = fake.answers[format.json_schema.name];
      if (answer === undefined) return error(400, `No answer for schema ${format.json_schema.name}`);
      return send(200, {
        id: `chatcmpl-${fake.requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: typeof answer === 'string' ? answer : JSON.stringify(answer) }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      });
    }
    return error(404, `Unknown path ${path}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
