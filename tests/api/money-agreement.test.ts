/**
 * One money rule everywhere, through the real server on seeded random data: per customer, the
 * dashboard's open value equals the invoice preview's net to the cent; the report "Auswertung →
 * Zeiten" counts the same working time as the dashboard (customer timers included) and, per
 * customer, the same open time as the invoice's labour; the work-confirmation PDF over the same
 * entries prints the invoice's material net and working time (read with pdftotext).
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/server/openapi';
import { testClock } from '../support/clock';
import { startTestServer, type TestServer } from '../support/test-server';
import { newCustomer, newEntry, postForm, signaturePng } from './activity-support';
import { createTenant, type Member, type TestTenant } from './factories';
import { seededRandom, seedMoneyData, type SeededFirm } from './money-support';

type Preview = components['schemas']['InvoicePreview'];

const FROM = '2026-10-01T00:00:00+02:00';
const TO = '2026-11-01T00:00:00+01:00';

let server: TestServer;
let firm: TestTenant;
let owner: Member;
let seeded: SeededFirm;

beforeAll(async () => {
  server = await startTestServer({}, { clock: testClock('2026-11-20T09:00:00Z') });
  firm = await createTenant(server, { name: 'Elektro Abgleich' });
  owner = firm.owner;
  // At most ten customers: the dashboard names the ten with the highest open value.
  seeded = await seedMoneyData(server, owner, seededRandom(4711), { customers: 8, from: new Date(FROM), to: new Date(TO), entriesPerCustomer: 60 });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const cents = (euro: number) => Math.round(euro * 100);

async function dashboard() {
  const { data, response } = await owner.api.GET('/api/CustomerActivities/GetTotals', { params: { query: { fromDate: FROM, toDate: TO } } });
  expect(response.status).toBe(200);
  return data!.data!;
}

async function preview(customerId: string): Promise<Preview | null> {
  const { data, response, error } = await owner.api.POST('/api/Invoice/CreatePreviewFromActivities', {
    body: { customerId, fromDate: FROM, toDate: TO, language: 'de', outputFormat: 'json' },
  });
  if (response.status === 400 && error?.errorMessages?.[0]?.code === 'NO_ACTIVITIES_SELECTED') return null;
  expect(response.status, JSON.stringify(error)).toBe(200);
  return data!.data!;
}

async function timeReport(query: { customerId?: string; includeProcessed: boolean }) {
  const { data, response } = await owner.api.GET('/api/Information/Reporting', {
    params: { query: { subType: 'time', fromDate: FROM, toDate: TO, includeProcessed: query.includeProcessed, includeUnprocessed: true, page: 1, pageSize: 500, orderBy: 'occurredAtUtc', isDescending: true, customerId: query.customerId } },
  });
  expect(response.status).toBe(200);
  return data!.data!;
}

const labourOf = (p: Preview | null) => p?.positions.find((x) => x.kind === 'labour');
const materialNet = (p: Preview) => p.positions.filter((x) => x.kind === 'material').reduce((sum, x) => sum + cents(x.net), 0);

describe('dashboard, invoice, report and confirmation agree on the same entries', () => {
  it('shows each customer the open value its invoice bills, net, to the cent', async () => {
    const totals = await dashboard();
    const previews = new Map<string, Preview | null>();
    for (const id of seeded.customerIds) previews.set(id, await preview(id));
    const open = new Map(totals.openPositionsPerCustomer.map((o) => [o.customerId, o]));
    const billed = seeded.customerIds.filter((id) => previews.get(id));
    expect(billed.length).toBeGreaterThan(5);
    for (const id of billed) {
      const p = previews.get(id)!;
      const o = open.get(id);
      expect(o, `customer ${id} on the dashboard`).toBeDefined();
      expect({ customer: id, open: cents(o!.openAmount) }).toEqual({ customer: id, open: cents(p.totals.net) });
      expect(cents(o!.labourAmount)).toBe(cents(labourOf(p)?.net ?? 0));
      expect(cents(o!.materialAmount)).toBe(materialNet(p));
      expect(cents(o!.labourAmount) + cents(o!.materialAmount)).toBe(cents(o!.openAmount));
      expect(o!.workingSeconds).toBe(labourOf(p)?.durationSeconds ?? 0);
      expect(o!.positions).toBe(p.positions.reduce((n, x) => n + x.informationIds.length + x.timeTrackIds.length, 0));
    }
    // The invoice's own sums hold: net + VAT = gross, VAT per rate on the rate's net.
    for (const id of billed) {
      const p = previews.get(id)!;
      expect(cents(p.totals.net) + cents(p.totals.vat)).toBe(cents(p.totals.gross));
      for (const v of p.totals.vatByRate) expect(cents(v.vat)).toBe(Math.round((cents(v.net) * v.vatRate) / 100));
    }
  });

  it('counts customer timers in the time report, as the dashboard and the invoice do', async () => {
    const totals = await dashboard();
    const all = await timeReport({ includeProcessed: true });
    expect(all.totals.durationSeconds).toBe(totals.totalWorkingSeconds);
    for (const id of seeded.customerIds) {
      const open = await timeReport({ customerId: id, includeProcessed: false });
      expect({ customer: id, seconds: open.totals.durationSeconds }).toEqual({ customer: id, seconds: labourOf(await preview(id))?.durationSeconds ?? 0 });
    }
  });

  it('prints on the work confirmation the material net and working time the invoice bills for the same entries', async () => {
    const signature = await signaturePng();
    let checked = 0;
    // Beside the random customers one whose two entries of 0.333 m at 1,00 € are 0,67 € on the invoice (0,66 € per entry).
    const thirds = await newCustomer(owner, 'Drittelkunde');
    for (let i = 0; i < 2; i++) {
      await newEntry(owner, { customerId: thirds.id, subType: 'material', text: 'Kabel', quantity: 0.333, unit: 'm', unitPrice: 1, vatRate: 19, occurredAtUtc: '2026-10-08T10:00:00Z' } as never);
    }
    expect(materialNet((await preview(thirds.id))!)).toBe(67);
    for (const id of [thirds.id, ...seeded.customerIds.slice(0, 3)]) {
      const p = await preview(id);
      if (!p || !p.positions.some((x) => x.kind === 'material')) continue;
      const form = new FormData();
      form.append('customerId', id);
      form.append('signee', 'Thomas Huber');
      form.append('language', 'de');
      for (const x of p.positions) {
        for (const info of x.informationIds) form.append('confirmedInfoIds', info);
        for (const track of x.timeTrackIds) form.append('confirmedTimeTrackIds', track);
      }
      form.append('file', new Blob([new Uint8Array(signature)], { type: 'image/png' }), 'signature.png');
      const answer = await postForm(server, owner, '/api/WorkConfirmations', form, 'de');
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const response = await fetch(`${server.baseUrl}/api/WorkConfirmations/${answer.body.data.id}`, { headers: owner.auth });
      expect(response.status).toBe(200);
      const pdf = Buffer.from(await response.arrayBuffer());
      const text = spawnSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).stdout.toString('utf8');
      const material = /Material netto gesamt\s+([\d.]+,\d\d)\s*€/.exec(text);
      expect(material, text).not.toBeNull();
      expect(cents(Number(material![1].replace(/\./g, '').replace(',', '.')))).toBe(materialNet(p));
      const seconds = labourOf(p)?.durationSeconds ?? 0;
      const time = /Arbeitszeit gesamt\s+(\d+) Std\. (\d+) Min\./.exec(text);
      expect(time, text).not.toBeNull();
      expect([Number(time![1]), Number(time![2])]).toEqual([Math.floor(seconds / 3600), Math.round((seconds % 3600) / 60)]);
      checked++;
    }
    expect(checked).toBeGreaterThan(1);
  });
});
