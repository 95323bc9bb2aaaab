/**
 * The activity screens against a fake API: the library's archive filters become the feed's query,
 * confirmed entries show a lock and offer no change, the dashboard shows -1 as unavailable, and a
 * note is checked before it is sent.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Customer, CustomerActivity } from '../../generated/api/types.gen';
import { injectSession, mockApi, renderApp } from './helpers';

afterEach(() => vi.unstubAllGlobals());
beforeAll(() => {
  // jsdom has no FontFaceSet; Mantine's autosizing textarea listens to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
  }
});

const activity = (over: Partial<CustomerActivity>): CustomerActivity => ({
  id: crypto.randomUUID(),
  kind: 'note',
  customerId: 'c-1',
  customerName: 'Bäckerei Huber',
  occurredAtUtc: '2026-11-20T08:30:00Z',
  title: 'Notiz',
  text: null,
  durationSeconds: null,
  quantity: null,
  unit: null,
  amount: null,
  ownerId: 'user-1',
  ownerName: 'Anna Schneider',
  processed: false,
  archived: false,
  locked: false,
  refId: null,
  ...over,
});

const confirmedNote = activity({ text: 'Zählerschrank erneuert', locked: true, refId: 'wc-1' });
const openNote = activity({ text: 'Kunde wünscht Rückruf' });
const material = activity({ kind: 'material', title: 'Kabel NYM-J 3x1,5 mm²', quantity: 25, unit: 'm', amount: 22.25, locked: true, refId: 'wc-1' });

const page = (items: CustomerActivity[]) => ({ totalCount: items.length, page: 1, pageSize: 25, items });

describe('/library', { timeout: 20_000 }, () => {
  it('lists all customers\' activities, locks confirmed ones, and turns the archive filters into the query', async () => {
    injectSession({ roles: ['Employee'] });
    const fetchMock = mockApi({ '/api/CustomerActivities/ByCustomer': page([confirmedNote, openNote, material]) });
    const user = userEvent.setup();
    const { router } = await renderApp('/library');
    const list = await screen.findByRole('list', { name: 'Aktivitäten' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText('Zählerschrank erneuert')).toBeInTheDocument();
    expect(within(rows[0]).getByTestId('locked-badge')).toHaveTextContent('Bestätigt');
    expect(within(rows[2]).getByText(/25 m · 22,25\s€/)).toBeInTheDocument();
    // Only the own, unconfirmed note can be changed.
    expect(within(rows[1]).getByRole('button', { name: /Aktionen für/ })).toBeInTheDocument();
    expect(within(rows[0]).queryByRole('button', { name: /Aktionen für/ })).not.toBeInTheDocument();
    expect(within(rows[2]).queryByRole('button', { name: /Aktionen für/ })).not.toBeInTheDocument();
    expect(within(rows[0]).getByRole('link', { name: 'Bäckerei Huber' })).toHaveAttribute('href', '/customer/c-1');

    const feedCalls = () => fetchMock.mock.calls.map((c) => new URL((c[0] as Request).url)).filter((u) => u.pathname === '/api/CustomerActivities/ByCustomer');
    const query = () => Object.fromEntries(feedCalls().at(-1)!.searchParams);
    expect(query()).toMatchObject({ includeProcessed: 'false', includeUnprocessed: 'true', page: '1', isDescending: 'true' });
    expect(query().customerId).toBeUndefined();

    await user.click(screen.getByRole('radio', { name: 'Archiviert' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ state: 'archived' }));
    await waitFor(() => expect(query()).toMatchObject({ includeProcessed: 'true', includeUnprocessed: 'false', archived: 'only' }));
    await user.click(screen.getByRole('radio', { name: 'Erledigt' }));
    await waitFor(() => expect(query()).toMatchObject({ includeProcessed: 'true', includeUnprocessed: 'false', archived: 'exclude' }));
  });
});

describe('/ (dashboard)', { timeout: 20_000 }, () => {
  it('shows the totals of the period and -1 as not available', async () => {
    injectSession({ roles: ['Manager'] });
    mockApi({
      '/api/CustomerActivities/GetTotals': {
        newCustomersCount: 7,
        newInformationsCount: 142,
        totalWorkingSeconds: -1,
        workingSecondsPerDay: [],
        workingSecondsPerMember: [],
        openPositionsPerCustomer: [],
      },
      '/api/CustomerActivities/ByCustomer': page([]),
      '/api/TimeTracks/Get': { totalCount: 0, page: 1, pageSize: 20, items: [] },
    });
    await renderApp('/');
    expect(await screen.findByText('142')).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
    expect(screen.getByText('nicht verfügbar')).toBeInTheDocument();
    expect(screen.getAllByText('Die Arbeitszeit ist gerade nicht verfügbar.')).toHaveLength(2);
    expect(await screen.findByText('Keine Zeiterfassung läuft.')).toBeInTheDocument();
  });
});

describe('/customer/$id capture', { timeout: 20_000 }, () => {
  it('asks for a text before it records a note, then sends it for the customer', async () => {
    injectSession({ roles: ['Employee'] });
    const customer: Customer = {
      id: 'c-1',
      companyName: 'Bäckerei Huber',
      firstName: null,
      lastName: null,
      displayName: 'Bäckerei Huber',
      phone: null,
      email: null,
      street: null,
      zip: null,
      city: null,
      country: 'DE',
      hourlyRate: null,
      externalId: null,
      archived: false,
      createdAtUtc: '2026-11-20T08:00:00Z',
      updatedAtUtc: '2026-11-20T08:00:00Z',
    };
    const created: unknown[] = [];
    const fetchMock = mockApi({
      '/api/Customers/Get': customer,
      '/api/CustomerActivities/ByCustomer': page([]),
      'POST /api/Information/Create': async (request: Request) => {
        const body = await request.json();
        created.push(body);
        return new Response(JSON.stringify({ isSuccess: true, data: { ...body, id: 'i-1' }, errorMessages: [], errors: {}, successMessage: null }), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        });
      },
    });
    const user = userEvent.setup();
    await renderApp('/customer/c-1');
    await user.click(await screen.findByRole('button', { name: 'Notiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neue Notiz' });
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText('Bitte geben Sie einen Text ein.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some((c) => new URL((c[0] as Request).url).pathname === '/api/Information/Create')).toBe(false);
    await user.type(within(dialog).getByLabelText('Notiz'), 'FI fehlt');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(created).toEqual([{ customerId: 'c-1', subType: 'note', text: 'FI fehlt' }]));
  });
});
