/**
 * Invoiced and processed entries in the activity feed against the contract: an entry an issued
 * invoice billed shows "Rechnung RE-…" linked to the invoice's page, and its edit and delete stay
 * in the menu, disabled, with a tooltip naming the invoice; a processed entry (marked by hand) is
 * opened again by the back office after a confirmation (`UnmarkActivitiesAsProcessed`), and the
 * server's 409 is shown in its words.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomerActivity } from '../../generated/api/types.gen';
import { activity as activityOf, firm, ids, page } from './contract-data';
import { failure, inTurn, serveContract } from './contract-server';
import { injectSession, renderApp } from './helpers';
import { ISSUED_ID } from './issued-invoice-data';

beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
  }
});

const huber = firm('Bäckerei Huber');
const activity = (over: Partial<CustomerActivity>) => activityOf(huber, { ownerId: ids.me, ownerName: 'Anna Schneider', ...over });
const invoiced = activity({ kind: 'material', title: 'Kabel NYM-J 3x1,5 mm²', quantity: 25, unit: 'm', amount: 22.25, processed: true, invoice: { id: ISSUED_ID, number: 'RE-2026-0007' } });
const processed = activity({ kind: 'timeEntry', title: 'Zeiteintrag', text: 'Verteiler geprüft', durationSeconds: 1800, processed: true });
const open = activity({ text: 'Kunde wünscht Rückruf' });

const rowOf = (list: HTMLElement, text: string) => within(list).getAllByRole('listitem').find((row) => within(row).queryByText(text))!;

describe('invoiced entries in the feed', { timeout: 40_000 }, () => {
  it('shows the invoice, linked, and disables edit and delete with a tooltip naming it', async () => {
    injectSession({ roles: ['Manager'] });
    serveContract({ customerActivitiesByCustomer: page([invoiced, processed, open]) });
    const user = userEvent.setup();
    await renderApp('/library');
    const list = await screen.findByRole('list', { name: 'Aktivitäten' });
    const row = rowOf(list, 'Kabel NYM-J 3x1,5 mm²');
    expect(within(row).getByRole('link', { name: 'Rechnung RE-2026-0007' })).toHaveAttribute('href', `/invoice/${ISSUED_ID}`);
    // Invoiced says more than processed: no second badge.
    expect(within(row).queryByText('Erledigt')).not.toBeInTheDocument();
    expect(within(rowOf(list, 'Verteiler geprüft')).queryByRole('link', { name: /Rechnung/ })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Aktionen für Kabel NYM-J 3x1,5 mm²' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Bearbeiten' })).toBeDisabled();
    expect(within(menu).getByRole('menuitem', { name: 'Löschen' })).toBeDisabled();
    // Bound to an invoice: its mark cannot be undone either.
    expect(within(menu).queryByRole('menuitem', { name: 'Wieder öffnen' })).not.toBeInTheDocument();
    await user.hover(within(menu).getByTestId('invoiced-actions'));
    expect(await screen.findByText('Abgerechnet mit Rechnung RE-2026-0007; kann nicht mehr geändert oder gelöscht werden.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('opens a processed entry again after a confirmation, and shows the server\'s refusal', async () => {
    injectSession({ roles: ['Manager'] });
    const server = serveContract({
      customerActivitiesByCustomer: page([invoiced, processed, open]),
      invoiceUnmarkActivitiesAsProcessed: inTurn(
        failure(409, 'ENTRY_INVOICED', 'Dieser Eintrag ist mit Rechnung RE-2026-0008 abgerechnet und kann nicht mehr geändert werden.'),
        { informationCount: 1, timeTrackCount: 0, imageCount: 0, archived: false },
      ),
    });
    const user = userEvent.setup();
    await renderApp('/library');
    const list = await screen.findByRole('list', { name: 'Aktivitäten' });
    const undo = async (count: number) => {
      await user.click(within(rowOf(list, 'Verteiler geprüft')).getByRole('button', { name: 'Aktionen für Zeiteintrag' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Wieder öffnen' }));
      const dialog = await screen.findByRole('dialog', { name: 'Wieder öffnen?' });
      await user.click(within(dialog).getByRole('button', { name: 'Wieder öffnen' }));
      await waitFor(() => expect(server.calls('invoiceUnmarkActivitiesAsProcessed')).toHaveLength(count));
    };
    await undo(1);
    expect(await screen.findByText('Dieser Eintrag ist mit Rechnung RE-2026-0008 abgerechnet und kann nicht mehr geändert werden.', {}, { timeout: 5000 })).toBeInTheDocument();
    const before = server.calls('customerActivitiesByCustomer').length;
    await undo(2);
    expect(server.calls('invoiceUnmarkActivitiesAsProcessed')[1].body).toEqual({ informationIds: [processed.id], timeTrackIds: [], imageIds: [], archive: false });
    expect(await screen.findByText('Der Eintrag ist wieder offen.', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(server.calls('customerActivitiesByCustomer').length).toBeGreaterThan(before));
  });

});
