/**
 * The activity screens against a fake API: the library's archive filters become the feed's query,
 * confirmed entries show a lock and offer no change, the dashboard shows -1 as unavailable, and a
 * note is checked before it is sent.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomerActivity } from '../../generated/api/types.gen';
import { activityTotals, activity as activityOf, firm, ids, information, page, timer, workingTime } from './contract-data';
import { serveContract } from './contract-server';
import { injectSession, renderApp } from './helpers';

beforeAll(() => {
  // jsdom has no FontFaceSet; Mantine's autosizing textarea listens to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
  }
});

const huber = firm('Bäckerei Huber');
const activity = (over: Partial<CustomerActivity>) => activityOf(huber, over);

const confirmedNote = activity({ text: 'Zählerschrank erneuert', locked: true, refId: ids.confirmation });
const openNote = activity({ text: 'Kunde wünscht Rückruf' });
const material = activity({ kind: 'material', title: 'Kabel NYM-J 3x1,5 mm²', quantity: 25, unit: 'm', amount: 22.25, locked: true, refId: ids.confirmation });

describe('/library', { timeout: 40_000 }, () => {
  it('says "more than" when the server stopped counting, and ends the pages there', async () => {
    injectSession({ roles: ['Employee'] });
    serveContract({ customerActivitiesByCustomer: { ...page([openNote], { totalCount: 10001 }), totalCountCapped: true } });
    await renderApp('/library');
    expect(await screen.findByText('1–25 von mehr als 10.000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '400' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '401' })).not.toBeInTheDocument();
  });

  it('lists all customers\' activities, locks confirmed ones, and turns the archive filters into the query', async () => {
    injectSession({ roles: ['Employee'] });
    const server = serveContract({ customerActivitiesByCustomer: page([confirmedNote, openNote, material]) });
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
    expect(within(rows[0]).getByRole('link', { name: 'Bäckerei Huber' })).toHaveAttribute('href', `/customer/${huber.id}`);

    const query = () => server.calls('customerActivitiesByCustomer').at(-1)!.query;
    expect(query()).toMatchObject({ includeProcessed: 'false', includeUnprocessed: 'true', page: '1', isDescending: 'true' });
    expect(query().customerId).toBeUndefined();

    await user.click(screen.getByRole('radio', { name: 'Archiviert' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ state: 'archived' }));
    await waitFor(() => expect(query()).toMatchObject({ includeProcessed: 'true', includeUnprocessed: 'false', archived: 'only' }));
    await user.click(screen.getByRole('radio', { name: 'Erledigt' }));
    await waitFor(() => expect(query()).toMatchObject({ includeProcessed: 'true', includeUnprocessed: 'false', archived: 'exclude' }));
  });
});

describe('/ (dashboard)', { timeout: 40_000 }, () => {
  it('shows the totals of the period and -1 as not available', async () => {
    injectSession({ roles: ['Manager'] });
    serveContract({
      customerActivitiesGetTotals: activityTotals({ newCustomersCount: 7, newInformationsCount: 142, totalWorkingSeconds: -1 }),
      customerActivitiesByCustomer: page([]),
      timeTracksGet: page([]),
    });
    await renderApp('/');
    expect(await screen.findByText('142')).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
    expect(screen.getByText('nicht verfügbar')).toBeInTheDocument();
    expect(screen.getAllByText('Die Arbeitszeit ist gerade nicht verfügbar.')).toHaveLength(2);
    expect(await screen.findByText('Keine Zeiterfassung läuft.')).toBeInTheDocument();
  });
});

describe('/ (dashboard) overdue invoices', { timeout: 40_000 }, () => {
  it('lists the longest overdue first with what is open and the last reminder, linked to each invoice and to the register', async () => {
    injectSession({ roles: ['Owner'] });
    const [late, later] = [crypto.randomUUID(), crypto.randomUUID()];
    serveContract({
      customerActivitiesGetTotals: activityTotals(),
      customerActivitiesByCustomer: page([]),
      timeTracksGet: page([]),
      paymentsGetOverdue: {
        totalCount: 2,
        openTotal: 1309.5,
        items: [
          { invoiceId: late, number: 'RE-2026-0003', customerId: firm('Laden Eins').id, customerName: 'Laden Eins', dueDate: '2026-10-01', daysOverdue: 55, open: 1190, lastReminderLevel: 1 },
          { invoiceId: later, number: 'RE-2026-0011', customerId: firm('Werkstatt Zwei').id, customerName: 'Werkstatt Zwei', dueDate: '2026-11-24', daysOverdue: 1, open: 119.5, lastReminderLevel: null },
        ],
      },
    });
    await renderApp('/');
    const card = (await screen.findByRole('heading', { name: 'Überfällige Rechnungen' })).closest('section')!;
    const list = await within(card as HTMLElement).findByRole('list', { name: 'Überfällige Rechnungen' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'RE-2026-0003' })).toHaveAttribute('href', `/invoice/${late}`);
    expect(rows[0]!.textContent).toMatch(/Laden Eins.*55 Tage überfällig · 1\. Mahnung.*1\.190,00\s€/);
    expect(rows[1]!.textContent).toMatch(/Werkstatt Zwei.*1 Tag überfällig.*119,50\s€/);
    expect(within(card as HTMLElement).getByText(/^2 · 1\.309,50\s€ offen$/)).toBeInTheDocument();
    expect(within(card as HTMLElement).getByRole('link', { name: 'Alle 2 überfälligen Rechnungen im Rechnungsbuch' })).toHaveAttribute('href', '/invoicelist?status=overdue');
  });

  it('says when nothing is overdue', async () => {
    injectSession({ roles: ['Manager'] });
    serveContract({ customerActivitiesGetTotals: activityTotals(), customerActivitiesByCustomer: page([]), timeTracksGet: page([]) });
    await renderApp('/');
    expect(await screen.findByText('Keine Rechnung ist überfällig.')).toBeInTheDocument();
  });
});

describe('/ (dashboard) figures', { timeout: 40_000 }, () => {
  it('says what each figure is: customer time in h:mm, and the open value per customer in euro', async () => {
    injectSession({ roles: ['Owner'] });
    serveContract({
      customerActivitiesGetTotals: activityTotals({
        totalWorkingSeconds: 47160,
        openPositionsPerCustomer: [
          { customerId: firm('Werkstatt Zwei').id, customerName: 'Werkstatt Zwei', positions: 1, workingSeconds: 7200, materialAmount: 0, labourAmount: 120, openAmount: 120 },
          { customerId: firm('Laden Eins').id, customerName: 'Laden Eins', positions: 4, workingSeconds: 6300, materialAmount: 9, labourAmount: 102.38, openAmount: 111.38 },
        ],
      }),
      customerActivitiesByCustomer: page([]),
      timeTracksGet: page([]),
    });
    await renderApp('/');
    expect(await screen.findByText('13:06 h')).toBeInTheDocument();
    expect(screen.getByText('Zeit für Kunden')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Offener Wert je Kunde' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent!.replace(/\s/g, ' '))).toEqual([
      'Werkstatt Zwei2:00 h Zeit, 0,00 € Material120,00 €',
      'Laden Eins1:45 h Zeit, 9,00 € Material111,38 €',
    ]);
  });
});

describe('/ (dashboard) morning view', { timeout: 40_000 }, () => {
  it('shows who is clocked in now, and who is on a break', async () => {
    injectSession({ roles: ['Manager'] });
    const server = serveContract({
      customerActivitiesGetTotals: activityTotals(),
      customerActivitiesByCustomer: page([]),
      timeTracksGet: page([]),
      userTimeTracksGetList: page([
        workingTime([{ id: crypto.randomUUID(), kind: 'work', startedAtUtc: '2026-11-25T06:30:00Z', endedAtUtc: null }], { ownerName: 'Max Monteur', workSeconds: 3 * 3600 + 600 }),
        workingTime(
          [
            { id: crypto.randomUUID(), kind: 'work', startedAtUtc: '2026-11-25T07:00:00Z', endedAtUtc: '2026-11-25T09:00:00Z' },
            { id: crypto.randomUUID(), kind: 'break', startedAtUtc: '2026-11-25T09:00:00Z', endedAtUtc: null },
          ],
          { ownerName: 'Lena Hoffmann', workSeconds: 7200 },
        ),
      ]),
    });
    await renderApp('/');
    const list = await screen.findByRole('list', { name: 'Jetzt eingestempelt' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Max Monteur');
    expect(rows[0]).toHaveTextContent('Arbeit 3:10 h');
    expect(rows[1]).toHaveTextContent('Lena Hoffmann');
    expect(rows[1]).toHaveTextContent('In der Pause');
    expect(server.calls('userTimeTracksGetList')[0].query).toMatchObject({ includeActive: 'true', includeEnded: 'false' });
    expect(server.calls('userTimeTracksGetList')[0].query.ownerId).toBeUndefined();
  });
});

describe('one place decides what a change refreshes', { timeout: 40_000 }, () => {
  it('stopping a timer in the bar refreshes the dashboard\'s totals and the activity feed at once', async () => {
    injectSession({ roles: ['Manager'] });
    const huberTimer = timer(firm('Bäckerei Huber'), 600);
    let running = [huberTimer];
    const server = serveContract({
      customerActivitiesGetTotals: activityTotals({ totalWorkingSeconds: 3600 }),
      customerActivitiesByCustomer: page([]),
      timeTracksGet: page([]),
      timeTracksGetMy: () => page(running, { pageSize: 50 }),
      timeTracksStop: () => {
        running = [];
        return { ...huberTimer, status: 'stopped' as const, endedAtUtc: new Date().toISOString() };
      },
    });
    const user = userEvent.setup();
    await renderApp('/');
    await screen.findByText('1:00 h');
    const bar = screen.getByRole('region', { name: 'Laufende Timer und Arbeitszeit' });
    await within(bar).findByTestId('running-timer');
    const before = { totals: server.calls('customerActivitiesGetTotals').length, feed: server.calls('customerActivitiesByCustomer').length };
    await user.click(within(bar).getByRole('button', { name: 'Timer für Bäckerei Huber stoppen' }));
    await waitFor(() => expect(within(bar).queryByTestId('running-timer')).not.toBeInTheDocument());
    await waitFor(() => expect(server.calls('customerActivitiesGetTotals').length).toBeGreaterThan(before.totals));
    await waitFor(() => expect(server.calls('customerActivitiesByCustomer').length).toBeGreaterThan(before.feed));
  });
});

describe('/customer/$id capture', { timeout: 40_000 }, () => {
  it('asks for a text before it records a note, then sends it for the customer', async () => {
    injectSession({ roles: ['Employee'] });
    const created: unknown[] = [];
    const server = serveContract({
      customersGet: huber,
      customerActivitiesByCustomer: page([]),
      informationCreate: ({ body }) => {
        created.push(body);
        return information(huber, { text: (body as { text: string }).text });
      },
    });
    const user = userEvent.setup();
    await renderApp(`/customer/${huber.id}`);
    await user.click(await screen.findByRole('button', { name: 'Notiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neue Notiz' });
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText('Bitte geben Sie einen Text ein.')).toBeInTheDocument();
    expect(server.calls('informationCreate')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Notiz'), 'FI fehlt');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(created).toEqual([{ customerId: huber.id, subType: 'note', text: 'FI fehlt' }]));
  });
});
describe('/customer/$id time entry', { timeout: 60_000 }, () => {
  const localDay = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

  it('records time for another day: the date field is today by default, a past day is sent as the entry\'s date, a future one is refused', async () => {
    injectSession({ roles: ['Employee'] });
    const created: Record<string, unknown>[] = [];
    serveContract({
      customersGet: huber,
      customerActivitiesByCustomer: page([]),
      informationCreate: ({ body }) => {
        created.push(body as Record<string, unknown>);
        return information(huber, { subType: 'time', durationSeconds: 3600 });
      },
    });
    const user = userEvent.setup();
    await renderApp(`/customer/${huber.id}`);
    await user.click(await screen.findByRole('button', { name: 'Zeit' }));
    // The capture dialogs load lazily (on a busy machine that takes a while).
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull(), { timeout: 30_000 });
    const dialog = screen.getByRole('dialog', { name: 'Neuer Zeiteintrag' });
    const date = within(dialog).getByLabelText(/^Datum/);
    expect(date).toHaveValue(localDay(new Date()));

    const tomorrow = new Date(Date.now() + 86_400_000);
    fireEvent.change(date, { target: { value: localDay(tomorrow) } });
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText('Das Datum darf nicht in der Zukunft liegen.')).toBeInTheDocument();
    expect(created).toEqual([]);

    const dayBefore = localDay(new Date(Date.now() - 2 * 86_400_000));
    fireEvent.change(date, { target: { value: dayBefore } });
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ customerId: huber.id, subType: 'time', durationSeconds: 3600 });
    expect(localDay(new Date(created[0].occurredAtUtc as string))).toBe(dayBefore);
  });
});

describe('the customer\'s Time tab', { timeout: 40_000 }, () => {
  it('asks for the customer\'s times of the month and shows the period\'s total', async () => {
    injectSession({ roles: ['Manager'] });
    const server = serveContract({
      customersGet: huber,
      customerActivitiesByCustomer: page([activity({ kind: 'time', title: 'Timer', durationSeconds: 5400 })]),
      customerActivitiesGetTotals: activityTotals({ totalWorkingSeconds: 5400 }),
    });
    const user = userEvent.setup();
    await renderApp(`/customer/${huber.id}`);
    await user.click(await screen.findByRole('tab', { name: 'Zeit' }));
    expect(await screen.findByTestId('customer-time-total')).toHaveTextContent('Arbeitszeit im Zeitraum: 1:30 h');
    const feed = server.calls('customerActivitiesByCustomer').at(-1)!.query;
    expect(feed).toMatchObject({ customerId: huber.id, kind: ['time', 'timeEntry'] });
    expect(feed.fromDate).toBeDefined();
    expect(server.calls('customerActivitiesGetTotals').at(-1)!.query).toMatchObject({ customerId: huber.id, fromDate: feed.fromDate });
  });
});
