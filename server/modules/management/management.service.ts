/** The tenant profile and its consents. */
import { asHolidayRegion } from '../../platform/holidays';
import { assertNumberFormat } from '../../platform/invoice-number';
import type { Deps } from '../../platform/handler';
import type { components } from '../../../generated/server/openapi';
import type { tenants } from '../../db/schema';
import { AppError, notFound, type FieldErrors } from '../../platform/errors';
import type { RequestContext } from '../../platform/context';
import { consentHistory, findConsent, isGranted, upsertConsent } from '../../db/consents';
import { findTenant } from '../../db/tenant-settings';
import { isValidTimeZone } from '../../platform/time-zone';
import * as profile from './management.repository';
import { CONSENT_VERSION, consentTexts, purposes, requiredPurposes } from './consent-texts';
import type { BodyOf, QueryOf } from '../../platform/contract';
import { inTenant } from '../../platform/tenant-transaction';
import { legacyLogoKey, logoFileKey, logoKey, processLogo } from './logo';
import { findConnection, connectionDto } from '../external-system';

type Tenant = components['schemas']['Tenant'];
type TenantUpdate = components['schemas']['TenantUpdateRequest'];

export class ManagementService {
  constructor(private readonly deps: Deps) {}

  consentTexts(language: 'de' | 'en') {
    return purposes.map((purpose) => ({
      purpose,
      language,
      title: consentTexts[language][purpose].title,
      text: consentTexts[language][purpose].text,
      version: CONSENT_VERSION,
      required: requiredPurposes.includes(purpose),
    }));
  }

  async tenantConsent(ctx: RequestContext, purpose: QueryOf<'managementGetTenantConsent'>['purpose']) {
    return inTenant(this.deps.database, ctx, async (tx) => {
      const row = await findConsent(tx, purpose);
      const granted = isGranted(row);
      return {
        purpose,
        granted,
        grantedAtUtc: row?.grantedAt?.toISOString() ?? null,
        revokedAtUtc: row?.revokedAt?.toISOString() ?? null,
      };
    });
  }

  /** Every grant and revocation, newest first (the record is never overwritten). */
  async consentHistory(ctx: RequestContext, query: QueryOf<'managementGetConsentHistory'>) {
    return inTenant(this.deps.database, ctx, async (tx) => {
      const { totalCount, items } = await consentHistory(tx, query);
      return {
        totalCount,
        page: query.page,
        pageSize: query.pageSize,
        items: items.map((e) => ({
          id: e.id,
          purpose: e.purpose as (typeof purposes)[number],
          granted: e.granted,
          atUtc: e.at.toISOString(),
          userId: e.userId ?? null,
          userName: e.userName ?? null,
          version: e.version ?? null,
        })),
      };
    });
  }

  async updateConsent(ctx: RequestContext, purpose: BodyOf<'managementUpdateTenantConsent'>['purpose'], granted: boolean) {
    await inTenant(this.deps.database, ctx, (tx) => upsertConsent(tx, ctx.tenantId, purpose, granted, ctx.userId, CONSENT_VERSION));
    return this.tenantConsent(ctx, purpose);
  }

  async tenant(ctx: RequestContext): Promise<Tenant> {
    return inTenant(this.deps.database, ctx, async (tx) => {
      const row = await findTenant(tx);
      if (!row) throw notFound();
      return toDto(row, connectionDto(await findConnection(tx)));
    });
  }

  async updateTenant(ctx: RequestContext, body: TenantUpdate): Promise<Tenant> {
    // The contract checks the shapes; a zone must also exist and an IBAN must pass its check digits.
    const fieldErrors: FieldErrors = {};
    if (!isValidTimeZone(body.timeZone)) fieldErrors.timeZone = ['management.timeZone'];
    if (body.iban !== null && !ibanCheckDigitsValid(body.iban)) fieldErrors.iban = ['management.iban'];
    // A German USt-IdNr. is DE and nine digits; other EU countries keep the contract's general shape.
    if (body.vatId !== null && body.vatId.startsWith('DE') && !/^DE[0-9]{9}$/.test(body.vatId)) fieldErrors.vatId = ['management.vatId'];
    if (Object.keys(fieldErrors).length) throw new AppError('VALIDATION_ERROR', 'VALIDATION_ERROR', { fieldErrors });
    return inTenant(this.deps.database, ctx, async (tx) => {
      const legalRegistrationId = body.legalRegistrationId === undefined ? undefined : body.legalRegistrationId?.trim() || null;
      const row = await profile.updateTenant(tx, ctx.tenantId, { ...body, legalRegistrationId, workingDays: body.workingDays ? [...body.workingDays].sort() : undefined });
      if (!row) throw notFound();
      // The format and the yearly restart are checked together, as they stand after the change.
      assertNumberFormat(row.invoiceNumberFormat, row.invoiceNumberYearly);
      return toDto(row, connectionDto(await findConnection(tx)));
    });
  }

  /**
   * Writes the checked, re-encoded logo as a new file while the firm's row is locked, then lets the
   * row name it; the file it replaces is removed once the change is committed.
   */
  async setLogo(ctx: RequestContext, data: Buffer): Promise<Tenant> {
    const png = await processLogo(data);
    const versions: Date[] = [];
    try {
      return await inTenant(this.deps.database, ctx, async (tx) => {
        const current = await profile.lockLogoVersion(tx, ctx.tenantId);
        if (!current) throw notFound();
        if (current.logoUpdatedAt) versions.push(current.logoUpdatedAt);
        // Later than the version it replaces, so the new file never has the old one's name.
        const version = new Date(Math.max(Date.now(), (current.logoUpdatedAt?.getTime() ?? 0) + 1));
        versions.push(version);
        await this.deps.storage.put(logoKey(ctx.tenantId, version), png);
        const row = await profile.updateTenant(tx, ctx.tenantId, { logoUpdatedAt: version });
        if (!row) throw notFound();
        return toDto(row, connectionDto(await findConnection(tx)));
      });
    } finally {
      // The replaced file after a success; the new one if the change did not commit.
      await this.sweepLogoFiles(ctx.tenantId, versions);
    }
  }

  async removeLogo(ctx: RequestContext): Promise<Tenant> {
    const versions: Date[] = [];
    const tenant = await inTenant(this.deps.database, ctx, async (tx) => {
      const current = await profile.lockLogoVersion(tx, ctx.tenantId);
      if (!current) throw notFound();
      if (current.logoUpdatedAt) versions.push(current.logoUpdatedAt);
      const row = await profile.updateTenant(tx, ctx.tenantId, { logoUpdatedAt: null });
      if (!row) throw notFound();
      return toDto(row, connectionDto(await findConnection(tx)));
    });
    await this.sweepLogoFiles(ctx.tenantId, versions);
    return tenant;
  }

  /**
   * Removes the files of these logo versions that the firm's row no longer names, with the row
   * locked: no other change of the logo is between writing its file and committing meanwhile, so
   * a file not named now is named by nobody. Best effort: a file left behind costs only space.
   */
  private async sweepLogoFiles(tenantId: string, versions: Date[]) {
    if (versions.length === 0) return;
    await inTenant(this.deps.database, { tenantId }, async (tx) => {
      const current = (await profile.lockLogoVersion(tx, tenantId))?.logoUpdatedAt ?? null;
      for (const version of versions) {
        if (version.getTime() !== current?.getTime()) await this.deps.storage.delete(logoKey(tenantId, version));
      }
      // A logo from before versions is gone once the row names a file of its own, or none.
      if (!current || (await this.deps.storage.stat(logoKey(tenantId, current)))) await this.deps.storage.delete(legacyLogoKey(tenantId));
    }).catch(() => undefined);
  }

  /**
   * The logo's bytes and version, or 404 when the firm has none. The file is read after the row;
   * if a change replaced it in between, the row is read again.
   */
  async logo(ctx: RequestContext): Promise<{ data: Buffer; version: string }> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const tenant = await inTenant(this.deps.database, ctx, (tx) => findTenant(tx));
      if (!tenant?.logoUpdatedAt) throw notFound();
      const key = await logoFileKey(this.deps.storage, ctx.tenantId, tenant.logoUpdatedAt);
      const data = key ? await this.deps.storage.get(key).catch(() => undefined) : undefined;
      if (data) return { data, version: String(tenant.logoUpdatedAt.getTime()) };
    }
    throw notFound();
  }
}

/** ISO 13616: the country and check digits moved to the end, letters as numbers, modulo 97 is 1. */
function ibanCheckDigitsValid(iban: string): boolean {
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

function toDto(row: typeof tenants.$inferSelect, accountingConnection: Tenant['accountingConnection'] = null): Tenant {
  return {
    id: row.tenantId,
    name: row.name,
    companyName: row.companyName,
    street: row.street,
    zip: row.zip,
    city: row.city,
    country: row.country,
    phone: row.phone,
    email: row.email,
    website: row.website,
    vatId: row.vatId,
    taxNumber: row.taxNumber,
    legalRegistrationId: row.legalRegistrationId,
    iban: row.iban,
    bic: row.bic,
    bankName: row.bankName,
    defaultHourlyRate: row.defaultHourlyRate,
    smallBusiness: row.smallBusiness,
    invoiceLanguage: row.invoiceLanguage === 'en' ? 'en' : 'de',
    timeZone: row.timeZone,
    dailyTargetMinutes: row.dailyTargetMinutes,
    workingDays: row.workingDays,
    holidayRegion: asHolidayRegion(row.holidayRegion),
    lateEntryDays: row.lateEntryDays,
    invoiceNumberFormat: row.invoiceNumberFormat,
    invoiceNumberYearly: row.invoiceNumberYearly,
    invoiceIssuer: row.invoiceIssuer === 'lexoffice' ? 'lexoffice' : 'fieldbook',
    accountingConnection,
    logoUpdatedAtUtc: row.logoUpdatedAt?.toISOString() ?? null,
    createdAtUtc: row.createdAt.toISOString(),
  };
}
