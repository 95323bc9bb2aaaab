/**
 * Customers: list, read, create, update (archive and restore included). Every function takes the
 * request context first and runs in the caller's tenant transaction.
 */
import type { components } from '../../../generated/server/openapi';
import type { Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/helpers';
import type { RequestContext } from '../../platform/context';
import { AppError, notFound, type FieldErrors } from '../../platform/errors';
import { translate, type MessageKey } from '../../platform/i18n';
import { customerViolations, normaliseCustomer, type RuleViolation } from './customer.rules';
import {
  findCustomer,
  insertCustomer,
  listCustomers,
  updateCustomer,
  type CustomerListQuery,
  type CustomerRow,
} from './customers.repository';
import { customerName } from '../../platform/display-names';
import type { Deps } from '../../platform/handler';
import { importCustomers } from './customers.import';
import { contactToRow } from './customers.lexoffice';
import { connectionFailed, type ExternalSystemService } from '../external-system';
import type { ImportResult } from '../../platform/import-report';
import { inTenant } from '../../platform/tenant-transaction';

type ImportRequest = components['schemas']['CustomerImportRequest'];

export type Customer = components['schemas']['Customer'];
export type CustomerCreate = components['schemas']['CustomerCreate'];
export type CustomerUpdate = components['schemas']['CustomerUpdate'];

/**
 * The customer a new entry (time, note, material, photo) is recorded for: 404 when unknown or
 * another tenant's, 400 CUSTOMER_ARCHIVED when archived (with the caller's message key, if any).
 */
export async function customerForNewEntry(tx: Tx, tenantId: string, id: string, archivedMessage?: MessageKey): Promise<CustomerRow> {
  const customer = await findCustomer(tx, tenantId, id);
  if (!customer) throw notFound();
  if (customer.archived) throw new AppError('CUSTOMER_ARCHIVED', archivedMessage);
  return customer;
}

export function toCustomer(row: CustomerRow): Customer {
  const displayName = customerName(row);
  return {
    id: row.id,
    companyName: row.companyName,
    firstName: row.firstName,
    lastName: row.lastName,
    displayName,
    phone: row.phone,
    email: row.email,
    street: row.street,
    zip: row.zip,
    city: row.city,
    country: row.country,
    hourlyRate: row.hourlyRate,
    externalId: row.externalId,
    leitwegId: row.leitwegId,
    vatId: row.vatId,
    business: row.business,
    archived: row.archived,
    createdAtUtc: row.createdAt.toISOString(),
    updatedAtUtc: row.updatedAt.toISOString(),
  };
}

export function violationsToFieldErrors(ctx: Pick<RequestContext, 'lang'>, violations: RuleViolation[]): FieldErrors {
  const out: FieldErrors = {};
  for (const v of violations) (out[v.field] ??= []).push(translate(ctx.lang, v.key));
  return out;
}

function rejectInvalid(ctx: RequestContext, violations: RuleViolation[]) {
  if (violations.length === 0) return;
  // The name rule is the message the specification names; other failures use the generic one.
  const first = violations[0];
  throw new AppError('VALIDATION_ERROR', first.field === 'companyName' ? first.key : 'VALIDATION_ERROR', {
    fieldErrors: violationsToFieldErrors(ctx, violations),
  });
}

function externalIdTaken(ctx: RequestContext) {
  return new AppError('CONFLICT', 'customers.externalIdTaken', {
    fieldErrors: { externalId: [translate(ctx.lang, 'customers.externalIdTaken')] },
  });
}

const EXTERNAL_ID_CONSTRAINT = 'customers_external_id_uq';

/** The module's calls, built once per server with its dependencies (server/modules/services.ts). */
export class CustomersService {
  constructor(
    private readonly deps: Deps,
    private readonly accounting: ExternalSystemService,
  ) {}

  /** Contacts with the customer role from lexoffice, created or updated by their contact id. */
  async importLexOffice(ctx: RequestContext): Promise<ImportResult> {
    const client = await this.accounting.clientOf(ctx.tenantId);
    const rows: components['schemas']['CustomerImportRow'][] = [];
    let archived = 0;
    try {
      for await (const page of client.customers()) {
        for (const contact of page) {
          if (contact.archived) archived++;
          else rows.push(contactToRow(contact, rows.length + archived + 1));
        }
      }
    } catch (error) {
      await this.accounting.noteRefusal(ctx.tenantId, error);
      throw connectionFailed(error);
    }
    const result = rows.length ? await importCustomers(ctx, this.deps.database, { rows, dryRun: false }, { partial: true }) : { created: 0, updated: 0, skipped: 0, errorCount: 0, errors: [] };
    return { ...result, skipped: result.skipped + archived };
  }

  /** The CSV import: each batch in one transaction (./customers.import.ts). */
  importCsv(ctx: RequestContext, request: ImportRequest): Promise<ImportResult> {
    return importCustomers(ctx, this.deps.database, request);
  }

  async list(ctx: RequestContext, query: CustomerListQuery) {
    const { database } = this.deps;
    const { totalCount, capped, rows } = await inTenant(database, ctx, (tx) => listCustomers(tx, ctx.tenantId, query));
    return { totalCount, ...(capped ? { totalCountCapped: true } : {}), page: query.page, pageSize: query.pageSize, items: rows.map(toCustomer) };
  }

  async get(ctx: RequestContext, id: string): Promise<Customer> {
    const { database } = this.deps;
    const row = await inTenant(database, ctx, (tx) => findCustomer(tx, ctx.tenantId, id));
    if (!row) throw notFound();
    return toCustomer(row);
  }

  async create(ctx: RequestContext, input: CustomerCreate): Promise<Customer> {
    const { database } = this.deps;
    const fields = normaliseCustomer(input);
    rejectInvalid(ctx, customerViolations(fields));
    try {
      const row = await inTenant(database, ctx, async (tx) => {
        const inserted = await insertCustomer(tx, ctx.tenantId, fields, ctx.userId);
        await this.deps.jobs.webhookEvent(tx, ctx.tenantId, 'customer.created', { customerId: inserted.id });
        return inserted;
      });
      return toCustomer(row);
    } catch (error) {
      if (isUniqueViolation(error, EXTERNAL_ID_CONSTRAINT)) throw externalIdTaken(ctx);
      throw error;
    }
  }

  async update(ctx: RequestContext, input: CustomerUpdate): Promise<Customer> {
    const { database } = this.deps;
    const fields = normaliseCustomer(input);
    rejectInvalid(ctx, customerViolations(fields));
    try {
      const row = await inTenant(database, ctx, async (tx) => {
        const updated = await updateCustomer(tx, ctx.tenantId, input.id, { ...fields, ...(input.archived === undefined ? {} : { archived: input.archived }) });
        if (updated) await this.deps.jobs.webhookEvent(tx, ctx.tenantId, 'customer.updated', { customerId: updated.id });
        return updated;
      });
      if (!row) throw notFound();
      return toCustomer(row);
    } catch (error) {
      if (isUniqueViolation(error, EXTERNAL_ID_CONSTRAINT)) throw externalIdTaken(ctx);
      throw error;
    }
  }
}
