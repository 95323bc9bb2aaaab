/**
 * The customer and material screens against a fake API: the list from GetAll with paging and
 * sorting in the URL, role-dependent actions, the name rule before any call, archive through
 * Update with the whole record, the customer details with their empty tabs, and a product delete
 * that the server turns into an archive.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer, Product } from '../../generated/api/types.gen';
import { client, configureApiClient } from '../../src/lib/api-client';
import { injectSession, renderApp } from './helpers';

const envelope = (data: unknown, successMessage: string | null = null) =>
  new Response(JSON.stringify({ isSuccess: true, data, errorMessages: [], errors: {}, successMessage }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

const customer = (over: Partial<Customer>): Customer => ({
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
  archived: false,
  createdAtUtc: '2026-11-20T08:00:00Z',
  updatedAtUtc: '2026-11-20T08:00:00Z',
  ...over,
});

const huber = customer({
  companyName: 'Bäckerei Huber',
  displayName: 'Bäckerei Huber',
  street: 'Hauptstraße 5',
  zip: '83022',
  city: 'Rosenheim',
  phone: '+49 8031 98765',
  email: 'info@baeckerei-huber.de',
  hourlyRate: 62,
  externalId: 'KD-1',
});
const oeztuerk = customer({ firstName: 'Jürgen', lastName: 'Öztürk', displayName: 'Jürgen Öztürk', city: 'Köln' });

let fetchMock: ReturnType<typeof vi.fn<(input: Request | string) => Promise<Response>>>;
const requests = () => fetchMock.mock.calls.map((c) => c[0] as Request);
const path = (r: Request) => new URL(r.url).pathname;

beforeAll(() => {
  configureApiClient();
  client.setConfig({ baseUrl: 'http://localhost' });
});
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function serveCustomers(items: Customer[]) {
  fetchMock.mockImplementation(async (input) => {
    const request = input as Request;
    const url = new URL(request.url);
    if (url.pathname === '/api/Customers/GetAll') {
      return envelope({ totalCount: 23, page: Number(url.searchParams.get('page')), pageSize: Number(url.searchParams.get('pageSize')), items });
    }
    if (url.pathname === '/api/Customers/Get') return envelope(items.find((c) => c.id === url.searchParams.get('id')));
    // The customer page's activity and photo tabs (issue 6): nothing recorded yet.
    if (url.pathname === '/api/CustomerActivities/ByCustomer' || url.pathname === '/api/Images/GetAll') {
      return envelope({ totalCount: 0, page: 1, pageSize: Number(url.searchParams.get('pageSize')), items: [] });
    }
    if (url.pathname === '/api/Customers/Update') {
      const body = await request.clone().json();
      return envelope({ ...items.find((c) => c.id === body.id), ...body });
    }
    return new Response('{}', { status: 404 });
  });
}

describe('/customerlist', { timeout: 20_000 }, () => {
  it('lists the customers of the page with paging and sorting in the URL', async () => {
    injectSession({ roles: ['Manager'] });
    serveCustomers([huber, oeztuerk]);
    const user = userEvent.setup();
    const { router } = await renderApp('/customerlist');
    const table = await screen.findByRole('table', { name: 'Kunden' });
    expect(within(table).getByRole('link', { name: 'Bäckerei Huber' })).toHaveAttribute('href', `/customer/${huber.id}`);
    expect(within(table).getByText('Hauptstraße 5, 83022 Rosenheim')).toBeInTheDocument();
    expect(screen.getByText('1–10 von 23')).toBeInTheDocument();
    const first = new URL(requests()[0].url);
    expect(Object.fromEntries(first.searchParams)).toEqual({ page: '1', pageSize: '10', orderBy: 'displayName', isDescending: 'false', includeArchived: 'false' });

    await user.click(within(table).getByRole('button', { name: /Ort|Adresse/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ orderBy: 'city', desc: false, page: 1 }));
    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 2 }));
    await waitFor(() => expect(new URL(requests().at(-1)!.url).searchParams.get('page')).toBe('2'));
    expect(new URL(requests().at(-1)!.url).searchParams.get('orderBy')).toBe('city');
  });

  it('hides import and the row actions from Employees', async () => {
    injectSession({ roles: ['Employee'] });
    serveCustomers([huber]);
    await renderApp('/customerlist');
    await screen.findByRole('table', { name: 'Kunden' });
    expect(screen.queryByRole('button', { name: 'CSV importieren' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Aktionen für/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Neuer Kunde' })).toBeInTheDocument();
  });

  it('asks for a company or first and last name before creating', async () => {
    injectSession({ roles: ['Employee'] });
    serveCustomers([]);
    const user = userEvent.setup();
    await renderApp('/customerlist');
    await user.click((await screen.findAllByRole('button', { name: 'Neuer Kunde' }))[0]);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Vorname'), 'Anna');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText('Bitte geben Sie mindestens einen Firmennamen oder Vor- und Nachnamen ein.')).toBeInTheDocument();
    expect(requests().some((r) => path(r) === '/api/Customers/Create')).toBe(false);
  });

  it('archives after confirming, sending the whole customer with archived: true', async () => {
    injectSession({ roles: ['Owner'] });
    serveCustomers([huber]);
    const user = userEvent.setup();
    await renderApp('/customerlist');
    await user.click(await screen.findByRole('button', { name: 'Aktionen für Bäckerei Huber' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Archivieren' }));
    const confirm = await screen.findByRole('dialog', { name: 'Kunden archivieren?' });
    await user.click(within(confirm).getByRole('button', { name: 'Archivieren' }));
    await waitFor(() => expect(requests().some((r) => path(r) === '/api/Customers/Update')).toBe(true));
    const update = requests().find((r) => path(r) === '/api/Customers/Update')!;
    expect(update.method).toBe('PUT');
    expect(await update.json()).toEqual({
      id: huber.id,
      companyName: 'Bäckerei Huber',
      firstName: null,
      lastName: null,
      street: 'Hauptstraße 5',
      zip: '83022',
      city: 'Rosenheim',
      country: 'DE',
      phone: '+49 8031 98765',
      email: 'info@baeckerei-huber.de',
      hourlyRate: 62,
      externalId: 'KD-1',
      archived: true,
    });
    expect(await screen.findByText('Kunde archiviert.')).toBeInTheDocument();
  });
});

describe('/customer/$id', { timeout: 20_000 }, () => {
  it('shows the customer and the tabs later features fill', async () => {
    injectSession({ roles: ['Employee'] });
    serveCustomers([huber]);
    const user = userEvent.setup();
    await renderApp(`/customer/${huber.id}`);
    expect(await screen.findByRole('heading', { name: 'Bäckerei Huber' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+49 8031 98765' })).toHaveAttribute('href', 'tel:+49 8031 98765');
    expect(screen.getByText('62,00 €')).toBeInTheDocument();
    expect(screen.getByText('Noch keine Aktivitäten')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Fotos' }));
    expect(await screen.findByText('Noch keine Fotos')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bearbeiten' })).not.toBeInTheDocument();
  });

  it('says so when the customer does not exist', async () => {
    injectSession({ roles: ['Manager'] });
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ isSuccess: false, data: null, errorMessages: [{ code: 'NOT_FOUND', message: 'x' }], errors: {}, successMessage: null }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    await renderApp(`/customer/${crypto.randomUUID()}`);
    expect(await screen.findByText('Kunde nicht gefunden')).toBeInTheDocument();
  });
});

describe('/materiallist', { timeout: 20_000 }, () => {
  const cable: Product = {
    id: crypto.randomUUID(),
    name: 'Kabel NYM-J 3x1,5 mm²',
    ean: '4006381333931',
    unit: 'm',
    netPrice: 0.89,
    vatRate: 19,
    stock: 250,
    archived: false,
    createdAtUtc: '2026-11-20T08:00:00Z',
    updatedAtUtc: '2026-11-20T08:00:00Z',
  };

  it('deletes after confirming and says when the server archived instead', async () => {
    injectSession({ roles: ['Manager'] });
    fetchMock.mockImplementation(async (input) => {
      const url = new URL((input as Request).url);
      if (url.pathname === '/api/Products/GetAll') return envelope({ totalCount: 1, page: 1, pageSize: 10, items: [cable] });
      if (url.pathname === '/api/Products/DeleteById') return envelope({ deleted: false, archived: true });
      return new Response('{}', { status: 404 });
    });
    const user = userEvent.setup();
    await renderApp('/materiallist');
    const table = await screen.findByRole('table', { name: 'Material' });
    expect(within(table).getByText('0,89 €')).toBeInTheDocument();
    expect(within(table).getByText('19 %')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Aktionen für Kabel NYM-J 3x1,5 mm²' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Löschen' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Material löschen?' })).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Das Material wird in Einträgen verwendet und wurde deshalb archiviert statt gelöscht.')).toBeInTheDocument();
    const call = requests().find((r) => path(r) === '/api/Products/DeleteById')!;
    expect(call.method).toBe('DELETE');
    expect(new URL(call.url).searchParams.get('id')).toBe(cable.id);
  });

  it('finds a product by its EAN', async () => {
    injectSession({ roles: ['Employee'] });
    fetchMock.mockImplementation(async (input) => {
      const url = new URL((input as Request).url);
      if (url.pathname === '/api/Products/GetAll') return envelope({ totalCount: 1, page: 1, pageSize: 10, items: [cable] });
      if (url.pathname === '/api/Products/GetByEAN') return envelope(cable);
      return new Response('{}', { status: 404 });
    });
    const user = userEvent.setup();
    await renderApp('/materiallist');
    const field = await screen.findByRole('textbox', { name: 'Nach EAN suchen' });
    await user.type(field, '4006381333931{Enter}');
    const found = await screen.findByRole('dialog', { name: 'Material gefunden' });
    expect(within(found).getByText('Kabel NYM-J 3x1,5 mm²')).toBeInTheDocument();
    expect(within(found).getByText('0,89 € / m')).toBeInTheDocument();
    const lookup = requests().find((r) => path(r) === '/api/Products/GetByEAN')!;
    expect(new URL(lookup.url).searchParams.get('ean')).toBe('4006381333931');
  });
});
