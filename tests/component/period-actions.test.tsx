/**
 * Clearing up a period against a fake API: the dialog first asks with `dryRun` and states the
 * counts (and what is kept), the confirm button names how many, and only then the real call runs;
 * on the library it marks all customers' entries, on a customer it also deletes. Employees see none
 * of it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { firm, page } from './contract-data';
import { serveContract } from './contract-server';
import { injectSession, renderApp } from './helpers';

const huber = firm('Bäckerei Huber');

describe('period actions', { timeout: 30_000 }, () => {
  it('deletes a customer\'s processed entries of a period after showing what goes and what stays', async () => {
    injectSession({ roles: ['Manager'] });
    const calls: { dryRun?: boolean; onlyProcessed: boolean; customerId: string }[] = [];
    serveContract({
      customersGet: huber,
      customerActivitiesByCustomer: page([]),
      invoiceDeleteActivitiesByFilter: (call) => {
        const body = call.body as (typeof calls)[number];
        calls.push(body);
        return body.onlyProcessed
          ? { informationCount: 3, timeTrackCount: 1, imageCount: 0, skippedCount: 1 }
          : { informationCount: 5, timeTrackCount: 2, imageCount: 1, skippedCount: 2 };
      },
    });
    const user = userEvent.setup();
    await renderApp(`/customer/${huber.id}`);
    await user.click(await screen.findByRole('button', { name: 'Zeitraum bearbeiten' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Einträge eines Zeitraums löschen …' }));
    const dialog = await screen.findByRole('dialog', { name: 'Einträge eines Zeitraums löschen' });
    const counts = within(dialog).getByTestId('period-action-counts');
    await waitFor(() => expect(counts).toHaveTextContent('4 Einträge werden gelöscht:'));
    expect(counts).toHaveTextContent('3 Notiz-, Zeit- und Materialeinträge, 1 Zeiterfassung, 0 Fotos');
    expect(counts).toHaveTextContent('1 Eintrag bleibt erhalten');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ customerId: huber.id, onlyProcessed: true, dryRun: true });

    await user.click(within(dialog).getByRole('checkbox', { name: /Nur bereits erledigte Einträge/ }));
    await waitFor(() => expect(counts).toHaveTextContent('8 Einträge werden gelöscht:'));
    expect(calls.at(-1)).toMatchObject({ onlyProcessed: false, dryRun: true });
    expect(calls.every((c) => c.dryRun)).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: '8 Einträge löschen' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Einträge eines Zeitraums löschen' })).not.toBeInTheDocument());
    expect(calls.at(-1)).toMatchObject({ onlyProcessed: false, dryRun: false });
    expect(await screen.findByText('8 Einträge gelöscht.')).toBeInTheDocument();
  });

  it('marks a period of all customers from the library, with the archive choice, and offers no deletion there', async () => {
    injectSession({ roles: ['Owner'] });
    const calls: { dryRun?: boolean; archive: boolean; customerId?: string }[] = [];
    serveContract({
      customerActivitiesByCustomer: page([]),
      invoiceMarkActivitiesAsProcessedByFilter: (call) => {
        const body = call.body as (typeof calls)[number];
        calls.push(body);
        return { informationCount: 2, timeTrackCount: 1, imageCount: 0, archived: body.archive };
      },
    });
    const user = userEvent.setup();
    await renderApp('/library');
    await user.click(await screen.findByRole('button', { name: 'Zeitraum bearbeiten' }));
    expect(screen.queryByRole('menuitem', { name: /löschen/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Zeitraum aller Kunden als erledigt markieren …' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zeitraum als erledigt markieren' });
    await waitFor(() => expect(within(dialog).getByTestId('period-action-counts')).toHaveTextContent('3 Einträge werden als erledigt markiert:'));
    expect(calls[0]).toMatchObject({ dryRun: true, archive: false });
    expect(calls[0].customerId).toBeUndefined();
    await user.click(within(dialog).getByRole('checkbox', { name: /Auch archivieren/ }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ dryRun: true, archive: true }));
    await user.click(within(dialog).getByRole('button', { name: '3 Einträge markieren' }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ dryRun: false, archive: true }));
    expect(await screen.findByText('3 Einträge als erledigt markiert und archiviert.')).toBeInTheDocument();
  });

  it('says when nothing is open and keeps the confirm button off', async () => {
    injectSession({ roles: ['Admin'] });
    serveContract({
      customerActivitiesByCustomer: page([]),
      invoiceMarkActivitiesAsProcessedByFilter: () => ({ informationCount: 0, timeTrackCount: 0, imageCount: 0, archived: false }),
    });
    const user = userEvent.setup();
    await renderApp('/library');
    await user.click(await screen.findByRole('button', { name: 'Zeitraum bearbeiten' }));
    await user.click(await screen.findByRole('menuitem', { name: /als erledigt markieren/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Zeitraum als erledigt markieren' });
    await within(dialog).findByText('In diesem Zeitraum ist nichts offen.');
    expect(within(dialog).getByRole('button', { name: '0 Einträge markieren' })).toBeDisabled();
  });

  it('is not offered to employees', async () => {
    injectSession({ roles: ['Employee'] });
    serveContract({ customersGet: huber, customerActivitiesByCustomer: page([]) });
    await renderApp(`/customer/${huber.id}`);
    await screen.findByRole('heading', { name: huber.displayName });
    expect(screen.queryByRole('button', { name: 'Zeitraum bearbeiten' })).not.toBeInTheDocument();
  });
});
