/**
 * The invoice register and an issued invoice's page against the contract's fake API: the list's
 * query from its filters (status, customer, search), the status badges and the credit-note mark,
 * the empty state; on the page, the payment dialog's checks before any call and its call, and
 * the actions by role and state (the DATEV export for Owner and Admin only, no payment or
 * cancellation on a cancelled invoice, the register closed to Employees).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { InvoiceReceivable, IssuedInvoice, IssuedInvoiceSummary } from '../../generated/api/types.gen';
import { customer, emptyFirm, firm, page } from './contract-data';

/** A page of the register as `Invoice/Register` answers it. */
const registerPage = (items: IssuedInvoiceSummary[], totalCount = items.length) => ({ items, totalCount });
import { failure, serveContract, type ContractServer } from './contract-server';
import { findLazyDialog, injectSession, renderApp } from './helpers';

const huber = firm('Bäckerei Huber', { email: 'info@baeckerei-huber.de' });
const meier = customer({ firstName: 'Eva', lastName: 'Meier', displayName: 'Eva Meier' });

const invoiceIds = {
  open: '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  paid: '7b2c3d4e-5f60-4b7c-9d8e-0f1a2b3c4d5e',
  overdue: '8c3d4e5f-6071-4c8d-8e9f-1a2b3c4d5e6f',
  credit: '9d4e5f60-7182-4d9e-9fa0-2b3c4d5e6f70',
} as const;

function summary(over: Partial<IssuedInvoiceSummary> & Pick<IssuedInvoiceSummary, 'id' | 'number'>): IssuedInvoiceSummary {
  return {
    source: 'fieldbook',
    kind: 'invoice',
    cancelsId: null,
    customerId: huber.id,
    customerName: huber.displayName,
    invoiceDate: '2026-11-02',
    dueDate: '2026-11-16',
    net: 200,
    gross: 238,
    status: 'open',
    format: 'pdf',
    externalUrl: null,
    ...over,
  };
}

const register = [
  summary({ id: invoiceIds.open, number: 'RE-2026-0004', status: 'open' }),
  summary({ id: invoiceIds.paid, number: 'RE-2026-0003', status: 'paid', customerId: meier.id, customerName: 'Eva Meier' }),
  summary({ id: invoiceIds.overdue, number: 'RE-2026-0002', status: 'overdue', dueDate: '2026-10-15' }),
  summary({ id: invoiceIds.credit, number: 'RE-2026-0005', kind: 'cancellation', cancelsId: invoiceIds.paid, status: 'cancelled', gross: -238, net: -200 }),
];

function issued(over: Partial<IssuedInvoice> = {}, summaryOver: Partial<IssuedInvoiceSummary> = {}): IssuedInvoice {
  return {
    summary: summary({ id: invoiceIds.open, number: 'RE-2026-0004', format: 'zugferd', ...summaryOver }),
    title: 'Rechnung',
    language: 'de',
    serviceFrom: '2026-09-30T22:00:00.000Z',
    serviceTo: '2026-10-31T23:00:00.000Z',
    vatTreatment: 'standard',
    vat: 38,
    vatByRate: [{ vatCategory: 'S', vatRate: 19, net: 200, vat: 38 }],
    seller: { name: 'Elektro Schneider GmbH', street: 'Werkstraße 1', zip: '80331', city: 'München', country: 'DE', email: 'info@elektro-schneider.de', vatId: null },
    buyer: { name: huber.displayName, street: 'Hauptstraße 5', zip: '83022', city: 'Rosenheim', country: 'DE', email: 'info@baeckerei-huber.de', vatId: null },
    positions: [
      {
        key: 'time',
        kind: 'labour',
        description: 'Arbeitszeit Oktober',
        quantity: 4,
        unit: 'h',
        unitPrice: 50,
        vatRate: 19,
        net: 200,
        vat: 38,
        gross: 238,
        informationIds: [],
        timeTrackIds: ['0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c40'],
      },
    ],
    documents: [{ document: 'pdf', fileName: 'RE-2026-0004.pdf', contentType: 'application/pdf', sha256: 'a'.repeat(64) }],
    cancellation: null,
    cancels: null,
    history: [{ action: 'issued', at: '2026-11-02T09:00:00.000Z', actorName: 'Anna Schneider', details: null }],
    ...over,
  };
}

function receivable(over: Partial<InvoiceReceivable> = {}): InvoiceReceivable {
  return { invoiceId: invoiceIds.open, number: 'RE-2026-0004', status: 'open', gross: 238, paid: 0, open: 238, dueDate: '2026-11-16', payments: [], mails: [], nextReminderLevel: null, ...over };
}

/** The text field of a Mantine select (its label also names the listbox). */
const selectInput = (label: string | RegExp, container: HTMLElement = document.body) =>
  within(container).getAllByLabelText(label).find((el) => el.tagName === 'INPUT')!;
const statusOf = (row: HTMLElement, text: string) => within(row).getByText(text).closest('[data-status]');

let server: ContractServer;
beforeEach(() => {
  server = serveContract({ ...emptyFirm, customersGetAll: page([huber, meier], { pageSize: 100 }) });
});

describe('/invoicelist', { timeout: 40_000 }, () => {
  it('lists the invoices with coloured statuses, marks the credit note and sends the filters to the server', async () => {
    injectSession({ roles: ['Manager'] });
    server.use({ invoiceListIssued: registerPage(register) });
    const user = userEvent.setup();
    const { router } = await renderApp('/invoicelist');
    const table = await screen.findByRole('table', { name: 'Rechnungen' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(within(rows[0]).getByRole('link', { name: 'RE-2026-0004' })).toHaveAttribute('href', `/invoice/${invoiceIds.open}`);
    expect(statusOf(rows[0], 'Offen')).toHaveAttribute('data-status', 'open');
    expect(statusOf(rows[1], 'Bezahlt')).toHaveAttribute('data-status', 'paid');
    expect(statusOf(rows[2], 'Überfällig')).toHaveAttribute('data-status', 'overdue');
    expect(within(rows[3]).getByText('Stornorechnung')).toBeInTheDocument();
    expect(statusOf(rows[3], 'Storniert')).toHaveAttribute('data-status', 'cancelled');
    expect(within(rows[1]).getByRole('link', { name: 'Eva Meier' })).toHaveAttribute('href', `/customer/${meier.id}`);
    // No DATEV export for a Manager (Owner and Admin only, as on the company tab).
    expect(screen.queryByRole('button', { name: 'DATEV-Export' })).not.toBeInTheDocument();
    expect(server.calls('invoiceListIssued')[0].query).toEqual({ page: '1', pageSize: '10' });

    await user.click(selectInput('Status'));
    await user.click(await screen.findByRole('option', { name: 'Überfällig' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'overdue', page: 1 }));
    await waitFor(() => expect(server.calls('invoiceListIssued').at(-1)!.query).toMatchObject({ status: 'overdue' }));

    await user.type(screen.getByRole('textbox', { name: 'Filter' }), 'Huber');
    await waitFor(() => expect(server.calls('invoiceListIssued').at(-1)!.query).toMatchObject({ status: 'overdue', filter: 'Huber' }));
  });

  it('takes the customer from the URL (the customer page links so) and offers the DATEV export to the Owner', async () => {
    injectSession({ roles: ['Owner'] });
    server.use({
      invoiceListIssued: registerPage([register[1]]),
      customersGet: ({ query }) => (query.id === meier.id ? meier : failure(404, 'NOT_FOUND', 'Kunde nicht gefunden.')),
    });
    await renderApp(`/invoicelist?customerId=${meier.id}`);
    await screen.findByRole('table', { name: 'Rechnungen' });
    expect(server.calls('invoiceListIssued')[0].query).toEqual({ page: '1', pageSize: '10', customerId: meier.id });
    await waitFor(() => expect(selectInput('Kunde')).toHaveValue('Eva Meier'));
    expect(screen.getByRole('button', { name: 'DATEV-Export' })).toBeInTheDocument();
  });

  it('says "more than" when the server stopped counting, and ends the pages there', async () => {
    injectSession({ roles: ['Manager'] });
    server.use({ invoiceListIssued: { ...registerPage(register, 10_001), totalCountCapped: true } });
    await renderApp('/invoicelist');
    expect(await screen.findByText('1–10 von mehr als 10.000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1000' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '1001' })).not.toBeInTheDocument();
  });

  it('says when nothing was issued yet, and when nothing matches the filters', async () => {
    injectSession({ roles: ['Admin'] });
    server.use({ invoiceListIssued: registerPage([]) });
    const { router } = await renderApp('/invoicelist');
    expect(await screen.findByRole('heading', { name: 'Noch keine Rechnungen ausgestellt' })).toBeInTheDocument();
    await router.navigate({ to: '/invoicelist', search: { status: 'paid' } });
    expect(await screen.findByRole('heading', { name: 'Keine Rechnung passt' })).toBeInTheDocument();
  });

  it('is not for Employees: they land on the customer list', async () => {
    injectSession({ roles: ['Employee'] });
    const { router } = await renderApp('/invoicelist');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customerlist'));
    expect(server.calls('invoiceListIssued')).toHaveLength(0);
  });
});

describe('/invoice/{id}', { timeout: 40_000 }, () => {
  it('checks a payment before sending it, then records it', async () => {
    injectSession({ roles: ['Manager'] });
    let state = receivable();
    server.use({
      invoiceGetIssued: issued(),
      paymentsGetForInvoice: () => state,
      paymentsRecord: ({ body }) => {
        const amount = (body as { amount: number }).amount;
        state = receivable({
          status: 'paid',
          paid: amount,
          open: 0,
          payments: [{ id: '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d', paidOn: '2026-11-20', amount, method: 'cash', note: null, createdAtUtc: '2026-11-20T10:00:00.000Z', createdByName: 'Anna Schneider' }],
        });
        return state;
      },
    });
    const user = userEvent.setup();
    await renderApp(`/invoice/${invoiceIds.open}`);
    expect(await screen.findByRole('heading', { level: 1, name: /Rechnung RE-2026-0004/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bäckerei Huber' })).toHaveAttribute('href', `/customer/${huber.id}`);
    expect(screen.getByRole('button', { name: 'RE-2026-0004.pdf herunterladen' })).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Zahlung erfassen' })[0]);
    const dialog = await findLazyDialog('Zahlung erfassen');
    const amount = within(dialog).getByRole('textbox', { name: /Betrag/ });
    await user.clear(amount);
    await user.type(amount, '300');
    await user.click(within(dialog).getByRole('button', { name: 'Zahlung erfassen' }));
    expect(await within(dialog).findByText(/Höchstens der offene Betrag von 238,00/)).toBeInTheDocument();
    const paidOn = within(dialog).getByLabelText(/Bezahlt am/);
    await user.clear(paidOn);
    await user.type(paidOn, '2999-01-01');
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Zahlung erfassen' }));
    expect(await within(dialog).findByText('Das Zahlungsdatum darf nicht in der Zukunft liegen.')).toBeInTheDocument();
    expect(within(dialog).getByText('Der Betrag muss größer als null sein.')).toBeInTheDocument();
    expect(server.calls('paymentsRecord')).toHaveLength(0);

    await user.clear(paidOn);
    await user.type(paidOn, '2026-11-20');
    await user.clear(amount);
    await user.type(amount, '238');
    await user.click(selectInput(/Zahlungsart/, dialog));
    await user.click(await screen.findByRole('option', { name: 'Bar' }));
    await user.click(within(dialog).getByRole('button', { name: 'Zahlung erfassen' }));
    await waitFor(() => expect(server.calls('paymentsRecord')).toHaveLength(1));
    expect(server.calls('paymentsRecord')[0].body).toEqual({ invoiceId: invoiceIds.open, paidOn: '2026-11-20', amount: 238, method: 'cash', note: null });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const payments = await screen.findByRole('list', { name: 'Zahlungen' });
    expect(within(payments).getByText(/238,00 € · Bar/)).toBeInTheDocument();
    // Paid in full: nothing left to record.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Zahlung erfassen' })).not.toBeInTheDocument());
  });

  it('offers payment, reminder and cancellation only where they apply', async () => {
    injectSession({ roles: ['Admin'] });
    server.use({
      invoiceGetIssued: issued({}, { status: 'overdue' }),
      paymentsGetForInvoice: receivable({ status: 'overdue', nextReminderLevel: 0 }),
    });
    const user = userEvent.setup();
    const { queryClient } = await renderApp(`/invoice/${invoiceIds.open}`);
    await screen.findByRole('heading', { level: 1, name: /RE-2026-0004/ });
    expect(await screen.findByRole('button', { name: 'Zahlungserinnerung' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Weitere Aktionen für RE-2026-0004' }));
    expect(await screen.findByRole('menuitem', { name: 'Stornieren' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    // The same invoice once cancelled: no payment, no reminder, no cancellation; a link to the credit note.
    server.use({
      invoiceGetIssued: issued({ cancellation: { id: invoiceIds.credit, number: 'RE-2026-0005', invoiceDate: '2026-11-21' } }, { status: 'cancelled' }),
      paymentsGetForInvoice: receivable({ status: 'cancelled', nextReminderLevel: null }),
    });
    await queryClient.invalidateQueries();
    expect(await screen.findByRole('link', { name: 'RE-2026-0005' })).toHaveAttribute('href', `/invoice/${invoiceIds.credit}`);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Zahlung erfassen' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Zahlungserinnerung' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Weitere Aktionen für RE-2026-0004' })).not.toBeInTheDocument();
  });

  it('mails a plain PDF invoice with its PDF attached, in the language chosen', async () => {
    injectSession({ roles: ['Manager'] });
    server.use({
      invoiceGetIssued: issued({}, { format: 'pdf' }),
      paymentsGetForInvoice: receivable(),
      paymentsSend: receivable({
        mails: [{ id: '2c3d4e5f-6071-4a8b-9c0d-1e2f3a4b5c6d', kind: 'invoice', sentAtUtc: '2026-11-20T10:00:00.000Z', to: 'info@baeckerei-huber.de', copyTo: null, language: 'en', attachmentName: 'RE-2026-0004.pdf', fee: 0, payBy: null, sentByName: 'Anna Schneider' }],
      }),
    });
    const user = userEvent.setup();
    await renderApp(`/invoice/${invoiceIds.open}`);
    await user.click(await screen.findByRole('button', { name: 'Per E-Mail senden' }));
    const dialog = await findLazyDialog('Per E-Mail senden');
    expect(await within(dialog).findByRole('radio', { name: 'PDF der Rechnung' })).toBeChecked();
    expect(selectInput(/Sprache der E-Mail/, dialog)).toHaveValue('Deutsch');
    await user.click(selectInput(/Sprache der E-Mail/, dialog));
    await user.click(await screen.findByRole('option', { name: 'Englisch' }));
    await user.click(within(dialog).getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(server.calls('paymentsSend')).toHaveLength(1));
    expect(server.calls('paymentsSend')[0].body).toEqual({ invoiceId: invoiceIds.open, attachment: 'pdf', language: 'en' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when the invoice does not exist', async () => {
    injectSession({ roles: ['Manager'] });
    server.use({ invoiceGetIssued: failure(404, 'NOT_FOUND', 'Rechnung nicht gefunden.') });
    await renderApp(`/invoice/${invoiceIds.open}`);
    expect(await screen.findByRole('heading', { name: 'Rechnung nicht gefunden' })).toBeInTheDocument();
  });
});
