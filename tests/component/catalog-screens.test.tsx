/**
 * The customer and material screens against a fake API: the list from GetAll with paging and
 * sorting in the URL, role-dependent actions, the name rule before any call, archive through
 * Update with the whole record, the customer details with their empty tabs, and a product delete
 * that the server turns into an archive.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Customer } from '../../generated/api/types.gen';
import { activityTotals, customer, firm, page, product } from './contract-data';
import { failure, serveContract, type ContractServer } from './contract-server';
import { injectSession, renderApp } from './helpers';

const huber = firm('Bäckerei Huber', {
  street: 'Hauptstraße 5',
  zip: '83022',
  city: 'Rosenheim',
  phone: '+49 8031 98765',
  email: 'info@baeckerei-huber.de',
  hourlyRate: 62,
  externalId: 'KD-1',
});
const oeztuerk = customer({ firstName: 'Jürgen', lastName: 'Öztürk', displayName: 'Jürgen Öztürk', city: 'Köln' });

let server: ContractServer;
const requests = () => server.calls();
const path = (call: { url: URL }) => call.url.pathname;

beforeEach(() => {
  server = serveContract();
});

/** Lists answer the requested page (of 23 customers); the customer page's tabs are empty. */
function serveCustomers(items: Customer[]) {
  server.use({
    customersGetAll: ({ query }) => page(items, { totalCount: 23, page: Number(query.page), pageSize: Number(query.pageSize) }),
    customersGet: ({ query }) => items.find((c) => c.id === query.id) ?? failure(404, 'NOT_FOUND', 'Kunde nicht gefunden.'),
    customerActivitiesByCustomer: ({ query }) => page([], { pageSize: Number(query.pageSize) }),
    imagesGetAll: ({ query }) => page([], { pageSize: Number(query.pageSize) }),
    customersUpdate: ({ body }) => ({ ...items.find((c) => c.id === (body as Customer).id)!, ...(body as Partial<Customer>) }),
  });
}

describe('/customerlist', { timeout: 40_000 }, () => {
  it('lists the customers of the page with paging and sorting in the URL', async () => {
    injectSession({ roles: ['Manager'] });
    serveCustomers([huber, oeztuerk]);
    const user = userEvent.setup();
    const { router } = await renderApp('/customerlist');
    const table = await screen.findByRole('table', { name: 'Kunden' });
    expect(within(table).getByRole('link', { name: 'Bäckerei Huber' })).toHaveAttribute('href', `/customer/${huber.id}`);
    expect(within(table).getByText('Hauptstraße 5, 83022 Rosenheim')).toBeInTheDocument();
    expect(screen.getByText('1–10 von 23')).toBeInTheDocument();
    const first = server.calls('customersGetAll')[0];
    expect(first.query).toEqual({ page: '1', pageSize: '10', orderBy: 'displayName', isDescending: 'false', includeArchived: 'false' });

    await user.click(within(table).getByRole('button', { name: /Ort|Adresse/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ orderBy: 'city', desc: false, page: 1 }));
    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 2 }));
    await waitFor(() => expect(server.calls('customersGetAll').at(-1)!.query.page).toBe('2'));
    expect(server.calls('customersGetAll').at(-1)!.query.orderBy).toBe('city');
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
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    // The dialog opens on its first field, not on its close button.
    await waitFor(() => expect(within(dialog).getByLabelText('Firmenname')).toHaveFocus());
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
    expect(update.request.method).toBe('PUT');
    expect(update.body).toEqual({
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
      leitwegId: null,
      vatId: null,
      business: false,
      archived: true,
    });
    expect(await screen.findByText('Kunde archiviert.')).toBeInTheDocument();
  });
});

describe('/customer/$id', { timeout: 40_000 }, () => {
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

  it('keeps the open tab in the URL and archives from the "more" menu, not a red button', async () => {
    injectSession({ roles: ['Manager'] });
    serveCustomers([huber]);
    server.use({ customerActivitiesGetTotals: activityTotals() });
    const user = userEvent.setup();
    const { router } = await renderApp(`/customer/${huber.id}?tab=photos`);
    expect(await screen.findByText('Noch keine Fotos')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Fotos' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Zeit' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: 'time' }));
    await user.click(screen.getByRole('tab', { name: 'Aktivitäten' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));

    expect(screen.queryByRole('button', { name: 'Archivieren' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Weitere Aktionen für Bäckerei Huber' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Archivieren' }));
    expect(await screen.findByRole('dialog', { name: /archivieren\?$/ })).toBeInTheDocument();
  });

  it('says so when the customer does not exist', async () => {
    injectSession({ roles: ['Manager'] });
    server.use({ customersGet: failure(404, 'NOT_FOUND', 'x') });
    await renderApp(`/customer/${crypto.randomUUID()}`);
    expect(await screen.findByText('Kunde nicht gefunden')).toBeInTheDocument();
  });
});

describe('/materiallist', { timeout: 40_000 }, () => {
  const cable = product({ name: 'Kabel NYM-J 3x1,5 mm²', ean: '4006381333931', unit: 'm', netPrice: 0.89, vatRate: 19, stock: 250 });

  it('deletes after confirming and says when the server archived instead', async () => {
    injectSession({ roles: ['Manager'] });
    server.use({ productsGetAll: page([cable], { pageSize: 10 }), productsDeleteById: { deleted: false, archived: true } });
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
    expect(call.request.method).toBe('DELETE');
    expect(call.query.id).toBe(cable.id);
  });

  it('offers the default unit as a placeholder, so typing a unit never appends to it ("Stkm")', async () => {
    injectSession({ roles: ['Manager'] });
    server.use({ productsGetAll: page([], { pageSize: 10 }), productsCreate: ({ body }) => product(body as never) });
    const user = userEvent.setup();
    await renderApp('/materiallist');
    await user.click((await screen.findAllByRole('button', { name: 'Neues Material' }))[0]);
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    const unit = within(dialog).getAllByLabelText(/Einheit/).find((el) => el.tagName === 'INPUT')!;
    expect(unit).toHaveValue('');
    expect(unit).toHaveAttribute('placeholder', 'Stk');
    await user.click(unit);
    await user.keyboard('m');
    expect(unit).toHaveValue('m');
  });

  it('finds a product by its EAN', async () => {
    injectSession({ roles: ['Employee'] });
    server.use({ productsGetAll: page([cable], { pageSize: 10 }), productsGetByEAN: cable });
    const user = userEvent.setup();
    await renderApp('/materiallist');
    const field = await screen.findByRole('textbox', { name: 'Nach EAN suchen' });
    await user.type(field, '4006381333931{Enter}');
    const found = await screen.findByRole('dialog', { name: 'Material gefunden' });
    expect(within(found).getByText('Kabel NYM-J 3x1,5 mm²')).toBeInTheDocument();
    expect(within(found).getByText('0,89 € / m')).toBeInTheDocument();
    const lookup = requests().find((r) => path(r) === '/api/Products/GetByEAN')!;
    expect(lookup.query.ean).toBe('4006381333931');
  });
});
