/**
 * The lexoffice (Lexware Office) public API as we use it: profile, contacts (customer role, paged),
 * invoices (created as draft or finalized, read back for the number). The service allows about two
 * requests per second per key: calls of one key are spaced at least 500 ms apart across all
 * processes (the schedule is in PostgreSQL, decision 0046), 429 and transient
 * 5xx are retried with backoff (honouring Retry-After), every call has a timeout. Failures are
 * `LexofficeError`s that say whether the key was refused, the service was unavailable or the request
 * was invalid (with the service's details), never with the key in them.
 */
import { fetchWithRetries, NoAnswer } from '../../platform/http-retry';
import type { RequestSpacing } from '../../platform/request-spacing';

export interface LexofficeProfile {
  organizationId: string;
  companyName: string;
}

export interface LexofficeContact {
  id: string;
  version?: number;
  archived?: boolean;
  roles?: { customer?: { number?: number } };
  company?: { name?: string; vatRegistrationId?: string; taxNumber?: string; contactPersons?: { firstName?: string; lastName?: string; emailAddress?: string; phoneNumber?: string }[] };
  person?: { firstName?: string; lastName?: string };
  addresses?: { billing?: LexofficeAddress[]; shipping?: LexofficeAddress[] };
  emailAddresses?: Record<string, string[] | undefined>;
  phoneNumbers?: Record<string, string[] | undefined>;
}

interface LexofficeAddress {
  street?: string;
  zip?: string;
  city?: string;
  countryCode?: string;
}

interface LexofficePage<T> {
  content: T[];
  last: boolean;
  totalPages: number;
  totalElements: number;
  number: number;
}

export interface LexofficeInvoice {
  voucherDate: string;
  address: { contactId: string } | { name: string; street?: string; zip?: string; city?: string; countryCode: string };
  lineItems: {
    type: 'custom';
    name: string;
    description?: string;
    quantity: number;
    unitName: string;
    unitPrice: { currency: 'EUR'; netAmount: number; taxRatePercentage: number };
  }[];
  totalPrice: { currency: 'EUR' };
  taxConditions: { taxType: 'net' | 'vatfree' | 'externalService13b'; taxTypeNote?: string };
  shippingConditions: { shippingType: 'serviceperiod'; shippingDate: string; shippingEndDate: string } | { shippingType: 'service'; shippingDate: string };
  title?: string;
  introduction?: string;
  remark?: string;
}

export type LexofficeFailure = 'refused' | 'unavailable' | 'invalid';

export class LexofficeError extends Error {
  constructor(
    readonly kind: LexofficeFailure,
    readonly status: number,
    /** What the service said was wrong (validation details), for the person reading the error. */
    readonly details: string[] = [],
  ) {
    super(`lexoffice ${kind} (${status})`);
  }
}

const SPACING_MS = 500;
const TIMEOUT_MS = 15_000;
const RETRIES = 4;
const PAGE_SIZE = 100;

function detailsOf(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const b = body as { IssueList?: { i18nKey?: string; source?: string; type?: string }[]; details?: { field?: string; message?: string; violation?: string }[]; message?: string };
  if (Array.isArray(b.IssueList)) return b.IssueList.map((i) => [i.source, i.i18nKey ?? i.type].filter(Boolean).join(': ')).slice(0, 10);
  if (Array.isArray(b.details)) return b.details.map((d) => [d.field, d.message ?? d.violation].filter(Boolean).join(': ')).slice(0, 10);
  return b.message ? [b.message] : [];
}

export class LexofficeClient {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    /** Books the key's next request slot across all processes (platform/request-spacing.ts). */
    private readonly spacing: RequestSpacing,
    private readonly options: { timeoutMs?: number; retries?: number; sleep?: (ms: number) => Promise<void> } = {},
  ) {}

  private async request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetchWithRetries(
        `${this.baseUrl}${path}`,
        () => ({
          method,
          headers: { Authorization: `Bearer ${this.apiKey}`, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        }),
        {
          timeoutMs: this.options.timeoutMs ?? TIMEOUT_MS,
          retries: this.options.retries ?? RETRIES,
          maxRetryAfterSeconds: 30,
          maxBackoffMs: 8000,
          sleep: this.options.sleep,
          beforeAttempt: () => this.spacing.take(`lexoffice:${this.apiKey}`, SPACING_MS),
        },
      );
    } catch (error) {
      if (error instanceof NoAnswer) throw new LexofficeError('unavailable', 0);
      throw error;
    }
    if (response.ok) return (await response.json()) as T;
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    const transient = response.status === 429 || response.status >= 500;
    if (response.status === 401 || response.status === 403) throw new LexofficeError('refused', response.status);
    if (transient) throw new LexofficeError('unavailable', response.status);
    throw new LexofficeError('invalid', response.status, detailsOf(parsed));
  }

  profile(): Promise<LexofficeProfile> {
    return this.request<LexofficeProfile>('GET', '/v1/profile');
  }

  /** Every contact with the customer role, page by page. */
  async *customers(): AsyncGenerator<LexofficeContact[]> {
    for (let page = 0; ; page++) {
      const answer = await this.request<LexofficePage<LexofficeContact>>('GET', `/v1/contacts?customer=true&page=${page}&size=${PAGE_SIZE}`);
      yield answer.content;
      if (answer.last || page + 1 >= answer.totalPages) return;
    }
  }

  createInvoice(invoice: LexofficeInvoice, finalize: boolean): Promise<{ id: string }> {
    return this.request<{ id: string }>('POST', `/v1/invoices${finalize ? '?finalize=true' : ''}`, invoice);
  }

  invoice(id: string): Promise<{ id: string; voucherNumber?: string | null; voucherStatus?: string }> {
    return this.request('GET', `/v1/invoices/${encodeURIComponent(id)}`);
  }
}
