/**
 * End-to-end tests run the built app (dist/) and the real server on an embedded PostgreSQL,
 * exactly as `npm start` does, with the outside world replaced by local stand-ins:
 *
 * - the server listens on `http://localhost:<free port>` and that is its PUBLIC_URL: WebAuthn
 *   needs the RP id `localhost` (an IP address is not a valid RP id), and mail links point there;
 * - mail goes over real SMTP to a local sink (tests/e2e/smtp-sink.ts);
 * - speech to text and text generation go to a fake OpenAI-compatible API (tests/support/fake-openai.ts);
 * - Google sign-in goes to a fake identity provider with its own key set
 *   (tests/support/fake-identity-provider.ts); the server's real token verification runs.
 *
 * The tests reach the sink and the fake provider through a small control server (`controlUrl`):
 *   GET  /mails?to=<address>   the received mails, oldest first (all, or those to one address)
 *   POST /google/identity      JSON {sub, email, given_name?, family_name?}: who signs in next
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../server/app';
import { prepareDatabase } from '../../server/bootstrap';
import { loadConfig } from '../../server/platform/config';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../support/fake-identity-provider';
import { freePort } from '../support/pg-global-setup';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { lexContact, startFakeLexoffice, type FakeLexoffice } from '../support/fake-lexoffice';
import { startFakeOpenAi } from '../support/fake-openai';

const GOOGLE_CLIENT_ID = '1234567890-fieldbook-e2e.apps.googleusercontent.com';

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    controlUrl: string;
    /** For a journey that runs a second server process on the same database and kills it (offline-day). */
    databaseUrl: string;
    dataDir: string;
  }
}

function startControlServer(sink: SmtpSink, google: FakeIdentityProvider, lexoffice: FakeLexoffice): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && url.pathname === '/mails') {
      const to = url.searchParams.get('to')?.toLowerCase();
      send(200, to ? sink.mails.filter((m) => m.to.includes(to)) : sink.mails);
      return;
    }
    if (request.method === 'POST' && url.pathname === '/lexoffice/account') {
      // A lexoffice account with a key and some customers, for the accounting journeys.
      const companyName = url.searchParams.get('company') ?? 'Testfirma GmbH';
      const key = lexoffice.addKey(companyName);
      const contacts = [lexContact(1, { company: { name: 'Autohaus Berger GmbH' } }), lexContact(2, { company: { name: 'Kita Sonnenschein' } })];
      lexoffice.contacts.push(...contacts);
      send(200, { key, contacts: contacts.map((c) => ({ id: c.id, name: c.company?.name })) });
      return;
    }
    if (request.method === 'GET' && url.pathname === '/lexoffice/invoices') {
      send(200, [...lexoffice.invoices.entries()].map(([id, invoice]) => ({ id, voucherNumber: invoice.voucherNumber, body: invoice.body })));
      return;
    }
    if (request.method === 'POST' && url.pathname === '/google/identity') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        try {
          google.nextIdentity = JSON.parse(body) as FakeIdentityProvider['nextIdentity'];
          send(200, google.nextIdentity);
        } catch {
          send(400, { error: 'invalid JSON' });
        }
      });
      return;
    }
    send(404, { error: 'not found' });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}

export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.resolve('dist/index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` first (npm test does it).');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-e2e-'));
  fs.chmodSync(dataDir, 0o755);
  const sink = await startSmtpSink();
  const google = await startFakeIdentityProvider({ issuer: 'https://accounts.google.com', audience: GOOGLE_CLIENT_ID });
  const lexoffice = await startFakeLexoffice();
  // Speech to text and text generation: a local fake of the OpenAI-compatible API with fixed answers.
  const openAi = await startFakeOpenAi();
  const control = await startControlServer(sink, google, lexoffice);
  const port = await freePort();
  const appUrl = `http://localhost:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    LOG_LEVEL: 'silent',
    PORT: String(port),
    PUBLIC_URL: appUrl,
    SMTP_URL: sink.url,
    MAIL_FROM: 'Fieldbook <no-reply@fieldbook.test>',
    GOOGLE_CLIENT_ID,
    GOOGLE_AUTH_URL: google.authUrl,
    GOOGLE_JWKS_URL: google.jwksUrl,
    LEXOFFICE_API_URL: lexoffice.url,
    LEXOFFICE_APP_URL: 'https://app.lexware.test',
    AI_TEXT_URL: openAi.url,
    AI_SPEECH_URL: openAi.url,
  });
  const prepared = await prepareDatabase(config, () => undefined);
  const app = await buildServer({ config, database: prepared.database });
  // `localhost` listens on every loopback address it names (127.0.0.1 and ::1), as a browser may use either.
  await app.listen({ port, host: 'localhost' });
  project.provide('appUrl', appUrl);
  project.provide('controlUrl', control.url);
  project.provide('databaseUrl', prepared.adminUrl);
  project.provide('dataDir', dataDir);
  return async () => {
    await app.close();
    await prepared.stop();
    await control.close();
    await lexoffice.close();
    await openAi.close();
    await google.close();
    await sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
