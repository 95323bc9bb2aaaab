/**
 * Management: the consent texts (public), the tenant's consents and the tenant profile. Every
 * member reads them; only Owner, Admin and Manager change them (an Employee gets 403); a zone must
 * exist and an IBAN must pass its check digits; a change never reaches another firm.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/server/openapi';
import type { TestServer } from '../support/test-server';
import { caller } from '../support/http';
import { firmAddress } from '../support/sample';
import { codeOf, startWithFirms, type Firm, type SignedIn } from './roles-support';

type TenantUpdate = components['schemas']['TenantUpdateRequest'];

let server: TestServer, firm: Firm, other: Firm, call: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ server, firm, other, call } = await startWithFirms());
});
afterAll(() => server?.close());

const profile: TenantUpdate = {
  ...firmAddress,
  phone: '+49 89 1234567',
  email: 'info@elektro-schneider.de',
  website: 'https://www.elektro-schneider.de',
  vatId: 'DE123456789',
  taxNumber: '143/456/78901',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  bankName: 'Commerzbank München',
  defaultHourlyRate: 68.5,
  smallBusiness: false,
  invoiceLanguage: 'de',
  timeZone: 'Europe/Berlin',
  dailyTargetMinutes: 480,
};

const tenantOf = async (member: SignedIn) => (await member.api.GET('/api/Management/GetTenant')).data!.data!;
const consentOf = async (member: SignedIn, purpose: 'terms' | 'privacy' | 'ai' | 'gps') =>
  (await member.api.GET('/api/Management/GetTenantConsent', { params: { query: { purpose } } })).data!.data!;
const setConsent = (member: SignedIn, purpose: 'ai' | 'gps', granted: boolean) =>
  member.api.POST('/api/Management/UpdateTenantConsent', { body: { purpose, granted } });

describe('Management/GetConsentTexts', () => {
  it('shows every purpose in German and English without signing in', async () => {
    for (const language of ['de', 'en'] as const) {
      const response = await call('GET', `/api/Management/GetConsentTexts?language=${language}`);
      expect(response.status).toBe(200);
      const items = response.body.data.items as { purpose: string; language: string; required: boolean; text: string }[];
      expect(response.body.data.totalCount).toBe(4);
      expect(items.map((i) => i.purpose)).toEqual(['terms', 'privacy', 'ai', 'gps']);
      expect(items.filter((i) => i.language === language && i.text.length > 20)).toHaveLength(4);
      expect(items.filter((i) => i.required).map((i) => i.purpose)).toEqual(['terms', 'privacy']);
    }
    const bad = await call('GET', '/api/Management/GetConsentTexts?language=fr');
    expect(bad.status).toBe(400);
    expect(codeOf(bad.body)).toBe('VALIDATION_ERROR');
  });
});

describe('Management/GetTenantConsent and UpdateTenantConsent', () => {
  it('lets a Manager grant and revoke ai and gps with their dates; every member reads the state', async () => {
    const granted = await setConsent(firm.manager, 'ai', true);
    expect(granted.response.status).toBe(200);
    expect(granted.data!.data).toMatchObject({ purpose: 'ai', granted: true, revokedAtUtc: null });
    for (const member of [firm.owner, firm.admin, firm.manager, firm.employee]) {
      expect(await consentOf(member, 'ai')).toEqual(granted.data!.data);
    }
    const revoked = await setConsent(firm.admin, 'ai', false);
    expect(revoked.data!.data).toMatchObject({ purpose: 'ai', granted: false, grantedAtUtc: granted.data!.data!.grantedAtUtc });
    expect(revoked.data!.data!.revokedAtUtc).not.toBeNull();
    expect((await setConsent(firm.owner, 'gps', true)).data!.data!.granted).toBe(true);
  });

  it('refuses an Employee (403) and terms or privacy (400), changing nothing; another firm\'s consent stays as it was', async () => {
    const before = await consentOf(firm.owner, 'gps');
    const theirs = await consentOf(other.owner, 'gps');
    const { response, error } = await setConsent(firm.employee, 'gps', !before.granted);
    expect(response.status).toBe(403);
    expect(codeOf(error)).toBe('FORBIDDEN');
    for (const purpose of ['terms', 'privacy']) {
      const refused = await firm.owner.call('POST', '/api/Management/UpdateTenantConsent', { body: { purpose, granted: false } });
      expect(refused.status).toBe(400);
      expect(refused.body.errors.purpose).toBeDefined();
    }
    expect(await consentOf(firm.owner, 'gps')).toEqual(before);
    await setConsent(firm.owner, 'gps', !before.granted);
    expect(await consentOf(other.owner, 'gps')).toEqual(theirs);
  });
});

describe('Management/GetTenant and UpdateTenant', () => {
  it('lets a Manager replace the profile; every member of the firm reads it, the other firm keeps its own', async () => {
    const theirs = await tenantOf(other.owner);
    const { data, response } = await firm.manager.api.PUT('/api/Management/UpdateTenant', { body: profile });
    expect(response.status).toBe(200);
    expect(data!.successMessage).toBe('Gespeichert.');
    expect(data!.data).toMatchObject({ ...profile, id: firm.tenantId, accountingConnection: null });
    for (const member of [firm.owner, firm.admin, firm.employee]) expect(await tenantOf(member)).toEqual(data!.data);
    expect(await tenantOf(other.owner)).toEqual(theirs);

    const cleared = await firm.admin.api.PUT('/api/Management/UpdateTenant', {
      body: { ...profile, companyName: null, iban: null, bic: null, website: null, timeZone: 'America/New_York', smallBusiness: true },
    });
    expect(cleared.response.status).toBe(200);
    expect(cleared.data!.data).toMatchObject({ companyName: null, iban: null, bic: null, website: null, timeZone: 'America/New_York', smallBusiness: true });
  });

  it('refuses an Employee (403) and changes nothing', async () => {
    const before = await tenantOf(firm.owner);
    const { response, error } = await firm.employee.api.PUT('/api/Management/UpdateTenant', { body: { ...profile, name: 'Übernommen' } });
    expect(response.status).toBe(403);
    expect(codeOf(error)).toBe('FORBIDDEN');
    expect(await tenantOf(firm.owner)).toEqual(before);
  });

  it('refuses an unknown time zone and an IBAN with wrong check digits with the field, and changes nothing', async () => {
    const before = await tenantOf(firm.owner);
    const { response, error } = await firm.owner.api.PUT('/api/Management/UpdateTenant', {
      body: { ...profile, name: 'Geändert', timeZone: 'Europe/Atlantis', iban: 'DE89370400440532013001' },
    });
    expect(response.status).toBe(400);
    expect(codeOf(error)).toBe('VALIDATION_ERROR');
    expect(error!.errors).toEqual({ timeZone: ['Diese Zeitzone ist unbekannt.'], iban: ['Die IBAN ist ungültig (Prüfziffern).'] });
    const zoneOnly = await firm.owner.call('PUT', '/api/Management/UpdateTenant', { body: { ...profile, timeZone: 'Mars/Olympus' } });
    expect(zoneOnly.body.errors).toEqual({ timeZone: ['Diese Zeitzone ist unbekannt.'] });
    const vat = await firm.owner.call('PUT', '/api/Management/UpdateTenant', { body: { ...profile, vatId: 'DE12345678' } });
    expect(vat.status).toBe(400);
    expect(vat.body.errors).toEqual({ vatId: ['Eine deutsche USt-IdNr. besteht aus DE und neun Ziffern.'] });
    // Another EU country's id keeps the general shape.
    const austrian = await firm.owner.call('PUT', '/api/Management/UpdateTenant', { body: { ...profile, vatId: 'ATU12345678' } });
    expect(austrian.status).toBe(200);
    const restored = await firm.owner.call('PUT', '/api/Management/UpdateTenant', {
      body: Object.fromEntries(Object.keys(profile).map((key) => [key, before[key as keyof typeof before]])),
    });
    expect(restored.status).toBe(200);
    expect(await tenantOf(firm.owner)).toEqual(before);
  });

  it('refuses malformed fields and unknown ones by the contract (400), changing nothing', async () => {
    const before = await tenantOf(firm.owner);
    for (const [field, value] of [
      ['country', 'Deutschland'],
      ['iban', 'de89 3704 0044 0532 0130 00'],
      ['website', 'javascript:alert(1)'],
      ['dailyTargetMinutes', 1441],
      ['defaultHourlyRate', -1],
      ['accountingConnection', null],
    ] as const) {
      const response = await firm.owner.call('PUT', '/api/Management/UpdateTenant', { body: { ...profile, [field]: value } });
      expect(response.status, field).toBe(400);
      expect(Object.keys(response.body.errors), field).toEqual([field]);
    }
    expect(await tenantOf(firm.owner)).toEqual(before);
  });
});
