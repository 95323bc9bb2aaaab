/**
 * Marking entries processed from the activity feed against a fake API: the back office selects
 * entries (not confirmations, not what is archived), confirms with the count and the archive
 * choice, and the call's body sorts them into the contract's lists; one entry from its menu;
 * Employees see no selection.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomerActivity } from '../../generated/api/types.gen';
import { activity as activityOf, firm, ids, page } from './contract-data';
import { serveContract } from './contract-server';
import { injectSession, renderApp } from './helpers';

beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
  }
});

const huber = firm('Bäckerei Huber');
const activity = (over: Partial<CustomerActivity>) => activityOf(huber, { ownerId: ids.colleague, ownerName: 'Max Monteur', ...over });

const note = activity({ text: 'Kunde wünscht Rückruf', ownerId: ids.me });
const material = activity({ kind: 'material', title: 'Kabel NYM-J 3x1,5 mm²', quantity: 25, unit: 'm', amount: 22.25, locked: true, refId: ids.confirmation });
const time = activity({ kind: 'time', title: 'Arbeitszeit', text: 'Leitungen verlegt', durationSeconds: 5400 });
const photo = activity({ kind: 'image', title: 'Nachher', text: 'Verteiler fertig' });
const confirmation = activity({ kind: 'confirmation', title: 'Frau Huber', locked: true, refId: ids.confirmation });
const archived = activity({ text: 'Alte Notiz', processed: true, archived: true });

function setup(items: CustomerActivity[]) {
  const marked: unknown[] = [];
  const server = serveContract({
    customerActivitiesByCustomer: page(items),
    invoiceMarkActivitiesAsProcessed: (call) => {
      const body = call.body as { informationIds: string[]; timeTrackIds: string[]; imageIds: string[]; archive: boolean };
      marked.push(body);
      return { informationCount: body.informationIds.length, timeTrackCount: body.timeTrackIds.length, imageCount: body.imageIds.length, archived: body.archive };
    },
  });
  const feedCalls = () => server.calls('customerActivitiesByCustomer').length;
  return { marked, feedCalls };
}

const rowOf = (list: HTMLElement, text: string) => within(list).getAllByRole('listitem').find((row) => within(row).queryByText(text))!;

describe('marking entries processed from the feed', { timeout: 40_000 }, () => {
  it('selects the shown entries, confirms with the count and the archive choice, and sends them sorted by kind', async () => {
    injectSession({ roles: ['Manager'] });
    const { marked, feedCalls } = setup([note, material, time, photo, confirmation, archived]);
    const user = userEvent.setup();
    await renderApp('/library');
    const list = await screen.findByRole('list', { name: 'Aktivitäten' });

    // A checkbox on every entry that can be marked; none on the confirmation and the archived note.
    expect(within(list).getAllByRole('checkbox')).toHaveLength(4);
    expect(within(within(list).getByRole('listitem', { name: /Frau Huber/ })).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(rowOf(list, 'Alte Notiz')).queryByRole('checkbox')).not.toBeInTheDocument();
    // A confirmed (locked) material can still be marked: its content does not change.
    expect(within(rowOf(list, 'Kabel NYM-J 3x1,5 mm²')).getByRole('checkbox')).toBeInTheDocument();

    const bar = screen.getByTestId('selection-bar');
    const markButton = within(bar).getByRole('button', { name: 'Als erledigt markieren' });
    expect(markButton).toBeDisabled();
    await user.click(within(bar).getByRole('checkbox', { name: 'Alle angezeigten auswählen' }));
    expect(within(bar).getByText('4 ausgewählt')).toBeInTheDocument();
    for (const box of within(list).getAllByRole('checkbox')) expect(box).toBeChecked();

    // Leave the photo out.
    await user.click(within(rowOf(list, 'Verteiler fertig')).getByRole('checkbox'));
    expect(within(bar).getByText('3 ausgewählt')).toBeInTheDocument();
    expect(within(bar).getByRole('checkbox', { name: 'Alle angezeigten auswählen' })).not.toBeChecked();

    const before = feedCalls();
    await user.click(markButton);
    const dialog = await screen.findByRole('dialog', { name: 'Als erledigt markieren?' });
    expect(within(dialog).getByText('3 Einträge werden als erledigt markiert und verlassen die offenen Aktivitäten.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /Zusätzlich archivieren/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Als erledigt markieren' }));

    await waitFor(() => expect(marked).toHaveLength(1));
    expect(marked[0]).toEqual({ informationIds: [note.id, material.id], timeTrackIds: [time.id], imageIds: [], archive: true });
    expect(await screen.findByText('3 Einträge als erledigt markiert und archiviert.')).toBeInTheDocument();
    // The feed is fetched again, and the selection is gone.
    await waitFor(() => expect(feedCalls()).toBeGreaterThan(before));
    await waitFor(() => expect(within(bar).getByText('0 ausgewählt')).toBeInTheDocument());
  });

  it('marks one entry from its menu, without archiving unless asked', async () => {
    injectSession({ roles: ['Owner'] });
    const { marked } = setup([photo, time, activity({ text: 'Schon erledigt', processed: true })]);
    const user = userEvent.setup();
    await renderApp('/library');
    const list = await screen.findByRole('list', { name: 'Aktivitäten' });

    await user.click(within(rowOf(list, 'Verteiler fertig')).getByRole('button', { name: /Aktionen für/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Als erledigt markieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Als erledigt markieren?' });
    expect(within(dialog).getByText('1 Eintrag wird als erledigt markiert und verlässt die offenen Aktivitäten.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Als erledigt markieren' }));
    await waitFor(() => expect(marked).toEqual([{ informationIds: [], timeTrackIds: [], imageIds: [photo.id], archive: false }]));
    expect(await screen.findByText('1 Eintrag als erledigt markiert.')).toBeInTheDocument();

    // A processed entry is not offered for marking again from its menu (it can still be selected, to archive it).
    await user.click(within(rowOf(list, 'Schon erledigt')).getByRole('button', { name: /Aktionen für/ }));
    expect(await screen.findByRole('menuitem', { name: 'Bearbeiten' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Als erledigt markieren' })).not.toBeInTheDocument();
    expect(within(rowOf(list, 'Schon erledigt')).getByRole('checkbox')).toBeInTheDocument();
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    injectSession({ roles: ['Admin'] });
    const { marked } = setup([note]);
    const user = userEvent.setup();
    await renderApp('/library');
    const list = await screen.findByRole('list', { name: 'Aktivitäten' });
    await user.click(within(list).getByRole('checkbox'));
    await user.click(within(screen.getByTestId('selection-bar')).getByRole('button', { name: 'Als erledigt markieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Als erledigt markieren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(marked).toEqual([]);
    expect(within(list).getByRole('checkbox')).toBeChecked();
  });

  it('shows Employees no selection and no marking', async () => {
    injectSession({ roles: ['Employee'] });
    setup([note, time, photo]);
    const user = userEvent.setup();
    await renderApp('/library');
    const list = await screen.findByRole('list', { name: 'Aktivitäten' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByTestId('selection-bar')).not.toBeInTheDocument();
    // Their own note keeps its menu, without the marking.
    await user.click(within(rowOf(list, 'Kunde wünscht Rückruf')).getByRole('button', { name: /Aktionen für/ }));
    expect(await screen.findByRole('menuitem', { name: 'Bearbeiten' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Als erledigt markieren' })).not.toBeInTheDocument();
  });
});
