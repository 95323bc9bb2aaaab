/**
 * A local receiver of webhooks (decision 0044): records every request (path, headers, raw body)
 * and answers each with the next status of `answers` (then 200). A 3xx answer names `/elsewhere`
 * as its Location, which a delivery must not follow.
 */
import http from 'node:http';

export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeWebhookReceiver {
  /** The base address, `http://127.0.0.1:<port>`. */
  url: string;
  received: ReceivedWebhook[];
  /** Statuses of the next answers, per path, taken one by one; 200 once empty. */
  answers: Map<string, number[]>;
  close: () => Promise<void>;
}

export async function startWebhookReceiver(): Promise<FakeWebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const answers = new Map<string, number[]>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = answers.get(path)?.shift() ?? 200;
      if (status >= 300 && status < 400) response.setHeader('Location', '/elsewhere');
      response.statusCode = status;
      response.end(status >= 400 ? `failed with ${status}` : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answers,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
