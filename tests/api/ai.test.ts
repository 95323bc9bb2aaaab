/**
 * AI and voice: the server's real OpenAI-compatible client against a local fake of that API
 * (tests/support/fake-openai.ts). Nothing runs without the firm's `ai` consent and a revocation
 * stops the next call; recordings are checked (format by content, size, WAV length) before anything
 * is sent; a dictation becomes proposed entries whose materials are matched against the firm's own
 * products only (EAN, name, close name, else free text); summaries and invoice texts send only the
 * entries' texts, without e-mail addresses or other customers' entries; the daily limit holds; a
 * failing or slow provider answers 503 without its details; without configuration the calls say so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, defaultAnswers, DEFAULT_TRANSCRIPT, type FakeOpenAi } from '../support/fake-openai';
import { rawCall } from '../support/api-client';
import { wav } from '../support/wav';
import { startTestServer, type TestServer } from '../support/test-server';
import { insertTimeTrack, newCustomer, newEntry, newProduct, postForm } from './activity-support';
import { createTenant, type Member, type TestTenant } from './factories';

let server: TestServer;
let bare: TestServer;
let ai: FakeOpenAi;
let firm: TestTenant;
let other: TestTenant;
let manager: Member;

const KEY = 'sk-test-fieldbook-0123456789';

beforeAll(async () => {
  ai = await startFakeOpenAi({ key: KEY });
  server = await startTestServer({
    AI_TEXT_URL: ai.url,
    AI_TEXT_KEY: KEY,
    AI_TEXT_MODEL: 'test-chat',
    AI_SPEECH_URL: ai.url,
    AI_SPEECH_KEY: KEY,
    AI_DAILY_LIMIT: '40',
    AI_MAX_AUDIO_SECONDS: '5',
    AI_MAX_AUDIO_BYTES: '400000',
    AI_TIMEOUT_MS: '1500',
  });
  bare = await startTestServer();
  firm = await createTenant(server, { name: 'Fliesen Meier' });
  other = await createTenant(server, { name: 'Sanitär Braun' });
  manager = await firm.member('Manager');
});
afterAll(async () => {
  await server?.close();
  await bare?.close();
  await ai?.close();
});

const audioForm = (data: Buffer, fields: Record<string, string> = {}, type = 'audio/wav') => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(data)], { type }), 'aufnahme.wav');
  return form;
};
const transcribe = (member: Member, data: Buffer, fields: Record<string, string> = {}, type?: string) => postForm(server, member, '/api/Ai/Transcribe', audioForm(data, fields, type));
const sortDictation = (member: Member, text: string, language: 'de' | 'en' = 'de') => member.api.POST('/api/Ai/SortDictation', { body: { text, language } });
const status = async (member: Member) => (await member.api.GET('/api/Ai/GetStatus')).data!.data!;
const setConsent = async (member: Member, granted: boolean) => {
  const { response } = await member.api.POST('/api/Management/UpdateTenantConsent', { body: { purpose: 'ai', granted } });
  expect(response.status).toBe(200);
};
const codeOf = (error: unknown) => (error as { errorMessages: { code: string }[] }).errorMessages[0].code;
const messageOf = (error: unknown) => (error as { errorMessages: { message: string }[] }).errorMessages[0].message;
const chatRequests = () => ai.requests.filter((r) => r.path.endsWith('/chat/completions'));

describe('consent first', () => {
  it('tells the app what is set up and that consent is missing', async () => {
    expect(await status(firm.owner)).toEqual({ consent: false, transcription: true, generation: true, dailyLimit: 40, usedToday: 0, maxAudioSeconds: 5, maxAudioBytes: 400000 });
  });

  it('refuses every AI call without the firm\'s consent and sends nothing to the provider', async () => {
    const sent = ai.requests.length;
    const sorted = await sortDictation(firm.owner, 'Zwei Stunden gearbeitet');
    expect(sorted.response.status).toBe(403);
    expect(codeOf(sorted.error)).toBe('AI_CONSENT_REQUIRED');
    expect(messageOf(sorted.error)).toContain('Einwilligung');
    const heard = await transcribe(firm.owner, wav(1));
    expect(heard.status).toBe(403);
    expect(heard.body.errorMessages[0].code).toBe('AI_CONSENT_REQUIRED');
    const customer = await newCustomer(firm.owner);
    const summary = await manager.api.POST('/api/Ai/Summarize', { body: { customerId: customer.id, from: '2026-01-01T00:00:00Z', to: '2027-01-01T00:00:00Z', language: 'de' } });
    expect(summary.response.status).toBe(403);
    expect(ai.requests.length).toBe(sent);
    expect((await status(firm.owner)).usedToday).toBe(0);
  });

  it('works once a Manager grants it and stops at once when it is revoked', async () => {
    await setConsent(manager, true);
    expect((await sortDictation(firm.owner, 'Zwei Stunden gearbeitet')).response.status).toBe(200);
    await setConsent(manager, false);
    const refused = await sortDictation(firm.owner, 'Zwei Stunden gearbeitet');
    expect(codeOf(refused.error)).toBe('AI_CONSENT_REQUIRED');
    await setConsent(manager, true);
  });
});

describe('dictation', () => {
  it('turns a recording into text with the configured model, key and the member\'s language', async () => {
    const employee = await firm.member('Employee', { lang: 'en' });
    const answer = await transcribe(employee, wav(2));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({ text: DEFAULT_TRANSCRIPT });
    const sent = ai.requests.at(-1)!;
    expect(sent.path).toBe('/v1/audio/transcriptions');
    expect(sent.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.body).toMatchObject({ model: 'whisper-1', language: 'en', response_format: 'json', fileType: 'audio/wav', fileName: 'dictation.wav' });
    // The form's language wins over the member's.
    await transcribe(employee, wav(1), { language: 'de' });
    expect(ai.requests.at(-1)!.body.language).toBe('de');
  });

  it('checks the recording before anything is sent or counted', async () => {
    const sent = ai.requests.length;
    const used = (await status(firm.owner)).usedToday;
    const empty = await transcribe(firm.owner, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body.errorMessages[0].code).toBe('AUDIO_RECORDING_ERROR');
    const text = await transcribe(firm.owner, Buffer.from('Das ist keine Aufnahme, sondern Text.'), {}, 'audio/wav');
    expect(text.status).toBe(415);
    expect(text.body.errorMessages[0].code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const long = await transcribe(firm.owner, wav(6));
    expect(long.status).toBe(400);
    expect(long.body.errorMessages[0]).toMatchObject({ code: 'AUDIO_RECORDING_ERROR', message: 'Die Aufnahme ist länger als 5 Sekunden.' });
    const large = await transcribe(firm.owner, Buffer.concat([wav(1), Buffer.alloc(400_000)]));
    expect(large.status).toBe(413);
    const form = new FormData();
    form.append('language', 'fr');
    const missing = await postForm(server, firm.owner, '/api/Ai/Transcribe', form);
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['file', 'language']);
    expect(ai.requests.length).toBe(sent);
    expect((await status(firm.owner)).usedToday).toBe(used);
  });

  it('sorts a dictation into a time entry and materials matched against the firm\'s own products only', async () => {
    const tile = await newProduct(firm.owner, { name: 'Fliese 30x60 anthrazit', unit: 'Stk', netPrice: 4.2, ean: '4006381333931' });
    const glue = await newProduct(firm.owner, { name: 'Fliesenkleber flexibel 25 kg', unit: 'Sack', netPrice: 18.9 });
    const grout = await newProduct(firm.owner, { name: 'Fugenmörtel grau', unit: 'kg', netPrice: 3.1, ean: '4012345678901' });
    // Another firm has a product of exactly the dictated name: it must never be proposed.
    const foreign = await newProduct(other.owner, { name: 'Fliesenkleber', unit: 'Sack', netPrice: 1 });
    ai.answers.dictation = {
      durationMinutes: 120,
      timeDescription: 'Fliesen im Bad verlegt',
      materials: [
        { name: 'Fliese 30x60', quantity: 12, unit: 'Stück' },
        { name: 'Fliesenkleber', quantity: 1, unit: 'Sack' },
        { name: 'Mörtel 4012345678901', quantity: 5, unit: 'kg' },
        { name: 'Silikon transparent', quantity: 2, unit: 'Kartusche' },
        { name: '', quantity: 3, unit: 'Stk' },
        { name: 'Schrauben', quantity: -1, unit: 'Stk' },
      ],
      note: 'Kunde wünscht Rückruf wegen Duschwand.',
    };
    const dictation = 'Zwei Stunden Fliesen im Bad verlegt, zwölf Fliesen 30 mal 60, einen Sack Kleber, fünf Kilo Mörtel, zwei Kartuschen Silikon. Rückruf an info@kunde.example.';
    const { data, response } = await sortDictation(manager, dictation);
    expect(response.status).toBe(200);
    const proposal = data!.data!;
    expect(proposal.time).toEqual({ durationSeconds: 7200, description: 'Fliesen im Bad verlegt' });
    expect(proposal.note).toBe('Kunde wünscht Rückruf wegen Duschwand.');
    expect(proposal.materials).toEqual([
      { text: 'Fliese 30x60', quantity: 12, unit: 'Stk', match: 'similar', productId: tile.id, productName: tile.name, unitPrice: 4.2, vatRate: 19 },
      { text: 'Fliesenkleber', quantity: 1, unit: 'Sack', match: 'similar', productId: glue.id, productName: glue.name, unitPrice: 18.9, vatRate: 19 },
      { text: 'Mörtel 4012345678901', quantity: 5, unit: 'kg', match: 'ean', productId: grout.id, productName: grout.name, unitPrice: 3.1, vatRate: 19 },
      { text: 'Silikon transparent', quantity: 2, unit: 'Kartusche', match: 'none', productId: null, productName: null, unitPrice: null, vatRate: null },
    ]);
    expect(JSON.stringify(proposal)).not.toContain(foreign.id);
    // Only the dictation went out: no product of the firm, no e-mail address; strict JSON schema.
    const sent = chatRequests().at(-1)!;
    const body = JSON.stringify(sent.body);
    expect(sent.body).toMatchObject({ model: 'test-chat', response_format: { type: 'json_schema', json_schema: { name: 'dictation', strict: true } } });
    expect(body).toContain('Zwei Stunden Fliesen im Bad verlegt');
    expect(body).not.toContain('anthrazit');
    expect(body).not.toContain('info@kunde.example');
    // An exact name wins over a close one.
    await newProduct(firm.owner, { name: 'Fliese 30x60', unit: 'Stk', netPrice: 3.9 });
    const exact = (await sortDictation(manager, dictation)).data!.data!;
    expect(exact.materials[0]).toMatchObject({ match: 'name', productName: 'Fliese 30x60', unitPrice: 3.9 });
    ai.answers = defaultAnswers();
  });

  it('refuses empty, oversized and badly typed dictations with the envelope', async () => {
    for (const body of [{ text: '', language: 'de' }, { text: 'x'.repeat(4001), language: 'de' }, { text: 'Zwei Stunden', language: 'fr' }, { text: 42, language: 'de' }, { language: 'de' }]) {
      const answer = await rawCall(server.baseUrl, 'POST', '/api/Ai/SortDictation', { headers: { ...firm.owner.auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errorMessages[0].code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('summaries and invoice texts', () => {
  it('summarises one customer\'s period from its own entries only, without e-mail addresses', async () => {
    const customer = await newCustomer(firm.owner, 'Bäckerei Huber');
    const neighbour = await newCustomer(firm.owner, 'Praxis Weber');
    await newEntry(firm.owner, { customerId: customer.id, subType: 'note', text: 'Backofen-Anschluss prüfen, Rückfragen an chef@baeckerei.example' });
    await newEntry(firm.owner, { customerId: customer.id, subType: 'time', durationSeconds: 5400, text: 'Steckdosen in der Backstube erneuert' });
    await newEntry(firm.owner, { customerId: customer.id, subType: 'material', text: 'Kabel NYM-J', quantity: 25, unit: 'm', unitPrice: 0.89, vatRate: 19 });
    await insertTimeTrack(server, firm.owner, customer.id, { description: 'Verteiler beschriftet', seconds: 1800 });
    await newEntry(firm.owner, { customerId: neighbour.id, subType: 'note', text: 'Röntgenraum Geheimsache' });
    ai.answers.summary = { title: 'Elektroarbeiten Backstube', text: 'Steckdosen erneuert, Verteiler beschriftet. Offen: Backofen-Anschluss.' };
    const { data, response } = await manager.api.POST('/api/Ai/Summarize', { body: { customerId: customer.id, from: '2020-01-01T00:00:00Z', to: '2099-01-01T00:00:00Z', language: 'de' } });
    expect(response.status).toBe(200);
    expect(data!.data).toEqual({ title: 'Elektroarbeiten Backstube', text: 'Steckdosen erneuert, Verteiler beschriftet. Offen: Backofen-Anschluss.', entryCount: 4 });
    const sent = JSON.stringify(chatRequests().at(-1)!.body);
    for (const part of ['Backofen-Anschluss', 'Steckdosen in der Backstube erneuert', '1:30 h', 'Kabel NYM-J', '25 m', 'Verteiler beschriftet', 'German']) expect(sent).toContain(part);
    for (const part of ['Röntgenraum', 'chef@baeckerei.example', '@', firm.owner.email]) expect(sent).not.toContain(part);
    // All customers: each entry names its customer.
    await manager.api.POST('/api/Ai/Summarize', { body: { from: '2020-01-01T00:00:00Z', to: '2099-01-01T00:00:00Z', language: 'en' } });
    const all = JSON.stringify(chatRequests().at(-1)!.body);
    expect(all).toContain('[Praxis Weber]');
    expect(all).toContain('English');
    ai.answers = defaultAnswers();
  });

  it('answers 404 for another firm\'s customer, 400 for an empty period, 403 for an Employee', async () => {
    const foreign = await newCustomer(other.owner);
    const sent = chatRequests().length;
    const used = (await status(firm.owner)).usedToday;
    const body = { customerId: foreign.id, from: '2020-01-01T00:00:00Z', to: '2099-01-01T00:00:00Z', language: 'de' as const };
    expect((await manager.api.POST('/api/Ai/Summarize', { body })).response.status).toBe(404);
    const own = await newCustomer(firm.owner);
    const empty = await manager.api.POST('/api/Ai/Summarize', { body: { ...body, customerId: own.id } });
    expect(empty.response.status).toBe(400);
    expect(messageOf(empty.error)).toBe('In diesem Zeitraum gibt es keine Einträge zum Zusammenfassen.');
    const backwards = await manager.api.POST('/api/Ai/Summarize', { body: { ...body, customerId: own.id, from: '2099-01-01T00:00:00Z', to: '2020-01-01T00:00:00Z' } });
    expect(backwards.response.status).toBe(400);
    const employee = await firm.member('Employee');
    expect((await employee.api.POST('/api/Ai/Summarize', { body: { ...body, customerId: own.id } })).response.status).toBe(403);
    expect(chatRequests().length).toBe(sent);
    expect((await status(firm.owner)).usedToday).toBe(used);
  });

  it('proposes a labour position\'s description from its entries; another firm\'s ids are unknown', async () => {
    const customer = await newCustomer(firm.owner);
    const entry = await newEntry(firm.owner, { customerId: customer.id, subType: 'time', durationSeconds: 3600, text: 'Unterverteilung gesetzt' });
    const track = await insertTimeTrack(server, firm.owner, customer.id, { description: 'Leitungen im Flur verlegt' });
    const { data, response } = await manager.api.POST('/api/Ai/InvoiceText', { body: { informationIds: [entry.id, entry.id], timeTrackIds: [track], language: 'de' } });
    expect(response.status).toBe(200);
    expect(data!.data).toEqual({ title: '', text: 'Elektroinstallation im Erdgeschoss.', entryCount: 2 });
    const sent = JSON.stringify(chatRequests().at(-1)!.body);
    expect(sent).toContain('Unterverteilung gesetzt');
    expect(sent).toContain('Leitungen im Flur verlegt');
    const foreignCustomer = await newCustomer(other.owner);
    const foreign = await newEntry(other.owner, { customerId: foreignCustomer.id, subType: 'time', durationSeconds: 600, text: 'fremd' });
    expect((await manager.api.POST('/api/Ai/InvoiceText', { body: { informationIds: [entry.id, foreign.id], timeTrackIds: [], language: 'de' } })).response.status).toBe(404);
    expect((await manager.api.POST('/api/Ai/InvoiceText', { body: { informationIds: [], timeTrackIds: [], language: 'de' } })).response.status).toBe(400);
  });
});

describe('limits and failures', () => {
  it('stops a firm at its daily limit with 429, and counts per firm', async () => {
    const limited = await createTenant(server, { name: 'Maler Klein' });
    await setConsent(limited.owner, true);
    for (let i = 0; i < 40; i++) expect((await sortDictation(limited.owner, 'Eine Stunde gestrichen')).response.status).toBe(200);
    const over = await sortDictation(limited.owner, 'Eine Stunde gestrichen');
    expect(over.response.status).toBe(429);
    expect(messageOf(over.error)).toBe('Das Tageslimit Ihrer Firma von 40 KI-Anfragen ist erreicht. Morgen geht es weiter.');
    expect((await status(limited.owner)).usedToday).toBe(40);
    // Another firm is not affected.
    expect((await sortDictation(firm.owner, 'Eine Stunde gestrichen')).response.status).toBe(200);
  });

  it('retries a 429 or 5xx of the provider and then answers 503 without the provider\'s details', async () => {
    ai.failNext = [429, 500];
    expect((await sortDictation(firm.owner, 'Eine Stunde')).response.status).toBe(200);
    ai.failNext = [503, 503, 503];
    const failed = await sortDictation(firm.owner, 'Eine Stunde');
    expect(failed.response.status).toBe(503);
    expect(messageOf(failed.error)).toBe('Der KI-Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.');
    expect(JSON.stringify(failed.error)).not.toContain('Try again');
    ai.failNext = [];
  });

  it('gives up on a provider that does not answer in time', async () => {
    ai.delayMs = 2500;
    const slow = await sortDictation(firm.owner, 'Eine Stunde');
    ai.delayMs = 0;
    expect(slow.response.status).toBe(503);
  });

  it('refuses a wrong key as unavailable and never shows the key', async () => {
    const key = ai.key;
    ai.key = 'sk-another-key';
    const refused = await sortDictation(firm.owner, 'Eine Stunde');
    ai.key = key;
    expect(refused.response.status).toBe(503);
    expect(JSON.stringify(refused.error)).not.toContain(KEY);
  });

  it('says the features are not set up on a server without a provider', async () => {
    const plain = await createTenant(bare, { name: 'Garten Grün' });
    const { response } = await plain.owner.api.POST('/api/Management/UpdateTenantConsent', { body: { purpose: 'ai', granted: true } });
    expect(response.status).toBe(200);
    expect(await status(plain.owner)).toMatchObject({ consent: true, transcription: false, generation: false });
    const answer = await plain.owner.api.POST('/api/Ai/SortDictation', { body: { text: 'Eine Stunde', language: 'de' } });
    expect(answer.response.status).toBe(503);
    expect(messageOf(answer.error)).toBe('Die KI-Funktionen sind auf diesem Server nicht eingerichtet.');
    const heard = await postForm(bare, plain.owner, '/api/Ai/Transcribe', audioForm(wav(1)));
    expect(heard.status).toBe(503);
  });
});
