/**
 * The firm's payment settings (terms, mail texts, reminder fees, DATEV) and a customer's own
 * terms: defaults, saving, roles, bad input changing nothing, another firm's customer 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/server/openapi';
import { rawCall } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { newCustomer } from './activity-support';
import { createTenant, type TestTenant } from './factories';

type Update = components['schemas']['PaymentSettingsUpdate'];

let server: TestServer;
let firm: TestTenant;

beforeAll(async () => {
  server = await startTestServer();
  firm = await createTenant(server, { name: 'Elektro Schneider' });
});
afterAll(async () => server?.close());

const settings: Update = {
  terms: { days: 30, discountPercent: 2, discountDays: 10 },
  mailTexts: { subjectDe: 'Ihre Rechnung {number}', bodyDe: 'Hallo {customer},\nanbei {number}.', subjectEn: null, bodyEn: '' },
  reminderFees: { reminder: 0, dunning1: 5, dunning2: 12.5 },
  datev: { consultantNumber: 29098, clientNumber: 55003, fiscalYearStartMonth: 1, accountLength: 4, chart: 'SKR04' },
};

describe('payment settings', () => {
  it('answers the defaults before anything is saved: 14 days net, built-in texts, SKR03', async () => {
    const { data, response } = await firm.owner.api.GET('/api/Payments/GetSettings');
    expect(response.status).toBe(200);
    expect(data!.data!.terms).toEqual({ days: 14, discountPercent: null, discountDays: null });
    expect(data!.data!.datev).toEqual({ consultantNumber: null, clientNumber: null, fiscalYearStartMonth: 1, accountLength: 4, chart: 'SKR03' });
    expect(data!.data!.mailTexts.subjectDe).toBeNull();
    expect(data!.data!.defaultMailTexts.subjectDe).toBe('Rechnung {number} von {firm}');
    expect(data!.data!.defaultMailTexts.subjectEn).toBe('Invoice {number} from {firm}');
  });

  it('saves them (an empty text is the built-in one) and answers them as stored', async () => {
    const { data, response } = await firm.owner.api.PUT('/api/Payments/UpdateSettings', { body: settings });
    expect(response.status).toBe(200);
    expect(data!.data!.terms).toEqual(settings.terms);
    expect(data!.data!.mailTexts).toEqual({ subjectDe: 'Ihre Rechnung {number}', bodyDe: 'Hallo {customer},\nanbei {number}.', subjectEn: null, bodyEn: null });
    expect(data!.data!.reminderFees).toEqual({ reminder: 0, dunning1: 5, dunning2: 12.5 });
    expect(data!.data!.datev.chart).toBe('SKR04');
    const again = await firm.owner.api.GET('/api/Payments/GetSettings');
    expect(again.data!.data!.terms.days).toBe(30);
  });

  it('refuses a discount without days, a discount longer than the term and bad numbers, changing nothing', async () => {
    const bad: unknown[] = [
      { ...settings, terms: { days: 14, discountPercent: 2, discountDays: null } },
      { ...settings, terms: { days: 14, discountPercent: 2, discountDays: 20 } },
      { ...settings, datev: { ...settings.datev, consultantNumber: 12 } },
      { ...settings, datev: { ...settings.datev, chart: 'SKR99' } },
      { ...settings, terms: { days: -1, discountPercent: null, discountDays: null } },
      { ...settings, reminderFees: { reminder: '5', dunning1: 0, dunning2: 0 } },
    ];
    for (const body of bad) {
      const answer = await rawCall(server.baseUrl, 'PUT', '/api/Payments/UpdateSettings', {
        body: JSON.stringify(body),
        headers: { ...firm.owner.auth, 'Content-Type': 'application/json' },
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.isSuccess).toBe(false);
    }
    const first = await rawCall(server.baseUrl, 'PUT', '/api/Payments/UpdateSettings', {
      body: JSON.stringify(bad[1]),
      headers: { ...firm.owner.auth, 'Content-Type': 'application/json' },
    });
    expect(first.body.errors['terms.discountDays']).toEqual(['Die Skontofrist darf nicht länger als das Zahlungsziel sein.']);
    const after = await firm.owner.api.GET('/api/Payments/GetSettings');
    expect(after.data!.data!.terms).toEqual(settings.terms);
  });

  it('lets only Owner and Admin see and change them', async () => {
    const admin = await firm.member('Admin');
    expect((await admin.api.GET('/api/Payments/GetSettings')).response.status).toBe(200);
    for (const role of ['Manager', 'Employee'] as const) {
      const member = await firm.member(role);
      expect((await member.api.GET('/api/Payments/GetSettings')).response.status).toBe(403);
      expect((await member.api.PUT('/api/Payments/UpdateSettings', { body: settings })).response.status).toBe(403);
    }
  });

  it('keeps each firm’s settings to itself', async () => {
    const other = await createTenant(server);
    const { data } = await other.owner.api.GET('/api/Payments/GetSettings');
    expect(data!.data!.terms.days).toBe(14);
  });
});

describe('a customer’s own payment terms', () => {
  it('are null until set, replace the firm’s when set and can be removed again', async () => {
    const customer = await newCustomer(firm.owner);
    const manager = await firm.member('Manager');
    expect((await manager.api.GET('/api/Payments/GetCustomerTerms/{customerId}', { params: { path: { customerId: customer.id } } })).data!.data).toBeNull();
    const set = await manager.api.PUT('/api/Payments/SetCustomerTerms', { body: { customerId: customer.id, terms: { days: 7, discountPercent: null, discountDays: null } } });
    expect(set.response.status).toBe(200);
    expect(set.data!.data).toEqual({ days: 7, discountPercent: null, discountDays: null });
    const removed = await manager.api.PUT('/api/Payments/SetCustomerTerms', { body: { customerId: customer.id, terms: null } });
    expect(removed.data!.data).toBeNull();
  });

  it('answer 404 for another firm’s customer and 403 for an Employee', async () => {
    const other = await createTenant(server);
    const foreign = await newCustomer(other.owner);
    const get = await firm.owner.api.GET('/api/Payments/GetCustomerTerms/{customerId}', { params: { path: { customerId: foreign.id } } });
    expect(get.response.status).toBe(404);
    const put = await firm.owner.api.PUT('/api/Payments/SetCustomerTerms', { body: { customerId: foreign.id, terms: { days: 1, discountPercent: null, discountDays: null } } });
    expect(put.response.status).toBe(404);
    expect((await other.owner.api.GET('/api/Payments/GetCustomerTerms/{customerId}', { params: { path: { customerId: foreign.id } } })).data!.data).toBeNull();
    const employee = await firm.member('Employee');
    const own = await newCustomer(firm.owner);
    expect((await employee.api.GET('/api/Payments/GetCustomerTerms/{customerId}', { params: { path: { customerId: own.id } } })).response.status).toBe(403);
  });
});
