/**
 * The fake data of the component tests, in one place: records as the contract describes them
 * (UUID ids, every required field), so contract-server.ts accepts them as answers. Tests change
 * what they care about through `over`.
 */
import type { components } from '../../generated/server/openapi';
import type {
  AuthSession,
  Customer,
  CustomerActivity,
  CustomerActivityTotals,
  ImportResult,
  Information,
  Passkey,
  Product,
  Tenant,
  TimeTrack,
  User,
  UserTimeTrack,
  UserTimeTrackGroup,
  UserTimeTrackSegment,
} from '../../generated/api/types.gen';
import type { Handlers } from './contract-server';
import { firmAddress } from '../support/sample';

/** Fixed ids the session and the records share (the signed-in user, their firm, their devices). */
export const ids = {
  me: '0b6f2c1e-4a3d-4e5f-8a9b-1c2d3e4f5a60',
  colleague: '5a2d9c6e-1f4b-4a7d-9e3c-8b0f2d4a6c13',
  tenant: '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a',
  session: '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  otherSession: '2e3d4c5b-6f70-4b8c-9dae-1f2a3b4c5d6e',
  confirmation: '3f4e5d6c-7081-4c9d-aebf-2a3b4c5d6e7f',
} as const;

const created = '2026-11-20T08:00:00.000Z';

export function page<T>(items: T[], over: { totalCount?: number; page?: number; pageSize?: number } = {}) {
  return { totalCount: over.totalCount ?? items.length, page: over.page ?? 1, pageSize: over.pageSize ?? 25, items };
}

/** The own account as `Users/Get` answers it, with this device and a phone signed in. */
export function account(over: Partial<User> = {}): User {
  return {
    id: ids.me,
    email: 'anna@elektro-schneider.de',
    userName: 'anna@elektro-schneider.de',
    firstName: 'Anna',
    lastName: 'Schneider',
    roles: ['Manager'],
    archived: false,
    emailConfirmed: true,
    invitationPending: false,
    language: 'de',
    hasLicense: true,
    lastLoginAtUtc: '2026-11-20T08:00:00.000Z',
    createdAtUtc: '2026-10-01T08:00:00.000Z',
    startDate: null,
    sessions: [
      {
        id: ids.session,
        deviceId: 'backoffice_6c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
        deviceLabel: 'Chrome · Linux',
        createdAtUtc: '2026-11-20T08:00:00.000Z',
        lastUsedAtUtc: '2026-11-22T08:00:00.000Z',
        current: true,
      },
      {
        id: ids.otherSession,
        deviceId: 'backoffice_7d2e3f4a-5b6c-4d7e-9f80-a1b2c3d4e5f6',
        deviceLabel: 'Safari · iOS',
        createdAtUtc: '2026-11-18T08:00:00.000Z',
        lastUsedAtUtc: '2026-11-21T17:30:00.000Z',
        current: false,
      },
    ],
    ...over,
  };
}

/** A member as `Users/GetAll` lists them. */
export function member(over: Partial<User> & Pick<User, 'id' | 'firstName' | 'lastName'>): User {
  const email = `${(over.firstName ?? 'member').toLowerCase()}@elektro-schneider.de`;
  return { ...account({ email, userName: email, roles: ['Employee'] }), sessions: undefined, ...over };
}

export function passkey(over: Partial<Passkey> = {}): Passkey {
  return { id: crypto.randomUUID(), deviceName: 'Pixel 9', createdAtUtc: '2026-11-01T09:00:00.000Z', lastUsedAtUtc: null, ...over };
}

/** A session as sign-up, sign-in and a refresh answer it; `token` is the access token. */
export function authSession(token: string, over: Partial<AuthSession> = {}): AuthSession {
  return {
    token,
    refreshToken: 'rt_fresh-refresh-token',
    id: ids.me,
    userName: 'anna@elektro-schneider.de',
    email: 'anna@elektro-schneider.de',
    emailConfirmed: true,
    expiresAtUtc: new Date(Date.now() + 15 * 60_000).toISOString(),
    tenantId: ids.tenant,
    roles: ['Manager'],
    termsConfirmed: true,
    firstName: 'Anna',
    lastName: 'Schneider',
    language: 'de',
    isMaster: false,
    ...over,
  };
}

export function customer(over: Partial<Customer> = {}): Customer {
  return {
    id: crypto.randomUUID(),
    companyName: null,
    firstName: null,
    lastName: null,
    displayName: '',
    phone: null,
    email: null,
    street: null,
    zip: null,
    city: null,
    country: 'DE',
    hourlyRate: null,
    externalId: null,
    leitwegId: null,
    vatId: null,
    business: false,
    archived: false,
    createdAtUtc: created,
    updatedAtUtc: created,
    ...over,
  };
}

/** A firm as a customer: the company name is the display name. */
export const firm = (companyName: string, over: Partial<Customer> = {}) => customer({ companyName, displayName: companyName, ...over });

export function product(over: Partial<Product> = {}): Product {
  return {
    id: crypto.randomUUID(),
    name: 'Kabel NYM-J 3x1,5 mm²',
    ean: '4006381333931',
    unit: 'm',
    netPrice: 0.89,
    vatRate: 19,
    stock: 250,
    archived: false,
    createdAtUtc: created,
    updatedAtUtc: created,
    ...over,
  };
}

/** One entry of the activity feed, a note of the signed-in user unless told otherwise. */
export function activity(customerOf: Pick<Customer, 'id' | 'displayName'>, over: Partial<CustomerActivity> = {}): CustomerActivity {
  return {
    id: crypto.randomUUID(),
    kind: 'note',
    customerId: customerOf.id,
    customerName: customerOf.displayName,
    occurredAtUtc: '2026-11-20T08:30:00Z',
    title: 'Notiz',
    text: null,
    durationSeconds: null,
    quantity: null,
    unit: null,
    amount: null,
    ownerId: ids.me,
    ownerName: 'Anna Schneider',
    processed: false,
    archived: false,
    locked: false,
    refId: null,
    invoice: null,
    ...over,
  };
}

/** A note, material or time entry as `Information/Create` answers it. */
export function information(customerOf: Pick<Customer, 'id' | 'displayName'>, over: Partial<Information> = {}): Information {
  return {
    id: crypto.randomUUID(),
    customerId: customerOf.id,
    customerName: customerOf.displayName,
    subType: 'note',
    text: null,
    productId: null,
    productName: null,
    quantity: null,
    unit: null,
    unitPrice: null,
    vatRate: null,
    durationSeconds: null,
    occurredAtUtc: created,
    ownerId: ids.me,
    ownerName: 'Anna Schneider',
    processed: false,
    archived: false,
    locked: false,
    createdAtUtc: created,
    updatedAtUtc: created,
    ...over,
  };
}

export function activityTotals(over: Partial<CustomerActivityTotals> = {}): CustomerActivityTotals {
  return {
    newCustomersCount: 0,
    newInformationsCount: 0,
    totalWorkingSeconds: 0,
    workingSecondsPerDay: [],
    workingSecondsPerMember: [],
    openPositionsPerCustomer: [],
    ...over,
  };
}

/** A customer timer of the signed-in user, running for `secondsAgo`. */
export function timer(customerOf: Pick<Customer, 'id' | 'displayName'>, secondsAgo: number, over: Partial<TimeTrack> = {}): TimeTrack {
  const started = new Date(Date.now() - secondsAgo * 1000).toISOString();
  return {
    id: crypto.randomUUID(),
    customerId: customerOf.id,
    customerName: customerOf.displayName,
    ownerId: ids.me,
    ownerName: 'Anna Schneider',
    description: null,
    startedAtUtc: started,
    endedAtUtc: null,
    durationSeconds: secondsAgo,
    status: 'running',
    startPosition: null,
    endPosition: null,
    processed: false,
    archived: false,
    locked: false,
    createdAtUtc: started,
    updatedAtUtc: started,
    ...over,
  };
}

/** A working-time track (clock in) of the signed-in user. */
export function workingTime(segments: UserTimeTrackSegment[], over: Partial<UserTimeTrack> = {}): UserTimeTrack {
  return {
    id: crypto.randomUUID(),
    ownerId: ids.me,
    ownerName: 'Anna Schneider',
    startedAtUtc: segments[0]?.startedAtUtc ?? created,
    endedAtUtc: null,
    active: true,
    segments,
    workSeconds: 0,
    breakSeconds: 0,
    processed: false,
    addedLater: false,
    startPosition: null,
    endPosition: null,
    warnings: [],
    ...over,
  };
}

/** A running working time of one-minute segments of these kinds, ending now (the last one open). */
export function runningWorkingTime(kinds: UserTimeTrackSegment['kind'][], over: Partial<UserTimeTrack> = {}): UserTimeTrack {
  const start = Date.now() - kinds.length * 60_000;
  return workingTime(
    kinds.map((kind, i) => ({
      id: crypto.randomUUID(),
      kind,
      startedAtUtc: new Date(start + i * 60_000).toISOString(),
      endedAtUtc: i === kinds.length - 1 ? null : new Date(start + (i + 1) * 60_000).toISOString(),
    })),
    over,
  );
}

/** A group as the server answers it; its count and span follow its `tracks` unless given. */
export function workingDay(over: Partial<UserTimeTrackGroup> & Pick<UserTimeTrackGroup, 'label' | 'periodStart'>): UserTimeTrackGroup {
  const tracks = over.tracks ?? [];
  const ends = tracks.map((t) => t.endedAtUtc);
  return {
    periodEnd: over.periodStart,
    workSeconds: 0,
    breakSeconds: 0,
    targetSeconds: 8 * 3600,
    overtimeSeconds: -8 * 3600,
    warnings: [],
    trackCount: tracks.length,
    daysWorked: new Set(tracks.map((t) => new Date(t.startedAtUtc).toDateString())).size,
    firstStartedAtUtc: tracks[0]?.startedAtUtc ?? null,
    lastEndedAtUtc: tracks.length === 0 || ends.includes(null) ? null : ends.reduce((a, b) => ((b ?? '') > (a ?? '') ? b : a)),
    tracks,
    ...over,
  };
}

export function importResult(over: Partial<ImportResult> = {}): ImportResult {
  return { created: 0, updated: 0, skipped: 0, errorCount: 0, errors: [], ...over };
}

/** The firm's profile as `Management/GetTenant` answers it. */
export function tenantProfile(over: Partial<Tenant> = {}): Tenant {
  return {
    id: ids.tenant,
    ...firmAddress,
    phone: null,
    email: null,
    website: null,
    vatId: null,
    taxNumber: null,
    legalRegistrationId: null,
    iban: null,
    bic: null,
    bankName: null,
    defaultHourlyRate: 60,
    smallBusiness: false,
    invoiceLanguage: 'de',
    timeZone: 'Europe/Berlin',
    dailyTargetMinutes: 480,
    workingDays: [1, 2, 3, 4, 5],
    holidayRegion: 'DE',
    lateEntryDays: 7,
    invoiceNumberFormat: 'RE-{YYYY}-{NNNN}',
    invoiceNumberYearly: true,
    invoiceIssuer: 'fieldbook',
    accountingConnection: null,
    logoUpdatedAtUtc: null,
    createdAtUtc: '2026-10-01T08:00:00.000Z',
    ...over,
  };
}

/** The AI features of a firm: set up on the server, without the firm's consent unless `over` says so. */
export function aiStatus(over: Partial<components['schemas']['AiStatus']> = {}): components['schemas']['AiStatus'] {
  return { consent: false, transcription: true, generation: true, dailyLimit: 200, usedToday: 0, maxAudioSeconds: 120, maxAudioBytes: 10485760, ...over };
}

/**
 * The shell of a signed-in user with nothing running: no timer, not clocked in, no GPS or AI
 * consent, and no invoice overdue (the dashboard, where most journeys of the back office start, asks).
 */
export const quietShell = {
  paymentsGetOverdue: { totalCount: 0, openTotal: 0, items: [] },
  aiGetStatus: aiStatus(),
  timeTracksGetMy: page([]),
  userTimeTracksGetActive: null,
  userTimeTracksGetList: page([]),
  managementGetTenantConsent: { purpose: 'gps', granted: false, grantedAtUtc: null, revokedAtUtc: null },
  localisationGetTextOverrides: { items: [] },
  managementGetTenant: tenantProfile(),
} satisfies Handlers;

/** A firm without records: the list screens and the dashboard find nothing (for tests of the shell). */
export const emptyFirm = {
  customersGetAll: page([], { pageSize: 10 }),
  productsGetAll: page([], { pageSize: 10 }),
  customerActivitiesByCustomer: page([]),
  customerActivitiesGetTotals: activityTotals(),
  timeTracksGet: page([]),
  imagesGetAll: page([]),
} satisfies Handlers;

/** The payment card of the company tab (Owner/Admin): the firm's terms, no texts of its own yet, DATEV empty. */
export const paymentSettings: components['schemas']['PaymentSettings'] = {
  terms: { days: 14, discountPercent: null, discountDays: null },
  mailTexts: { subjectDe: null, bodyDe: null, subjectEn: null, bodyEn: null },
  reminderFees: { reminder: 0, dunning1: 0, dunning2: 0 },
  datev: { consultantNumber: null, clientNumber: null, fiscalYearStartMonth: 1, accountLength: 4, chart: 'SKR03' },
  defaultMailTexts: {
    subjectDe: 'Rechnung {number} von {firm}',
    bodyDe: 'Guten Tag,\n\nanbei erhalten Sie unsere Rechnung {number} über {amount}, zahlbar bis zum {dueDate}.\n\nMit freundlichen Grüßen\n{firm}',
    subjectEn: 'Invoice {number} from {firm}',
    bodyEn: 'Hello,\n\nplease find attached our invoice {number} for {amount}, due by {dueDate}.\n\nKind regards\n{firm}',
  },
};
