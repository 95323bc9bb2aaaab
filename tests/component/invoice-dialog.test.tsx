/**
 * Preparing an invoice from entries selected in the library, against a fake API: the dialog asks
 * for exactly the billable entries of the selection (materials, time entries, customer times; no
 * notes, photos or invoiced entries), shows the server's positions and totals, downloads a draft
 * under the server's file name without marking anything (marking stays the person's choice), and
 * issues the invoice after a confirmation: no typed number, the server's refusal in the dialog,
 * then the assigned number with its documents and the link to the invoice's page. A firm that
 * issues in lexoffice is offered no issuing.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CustomerActivity, InvoicePreview } from '../../generated/api/types.gen';
import { activity as activityOf, firm, ids, page, tenantProfile } from './contract-data';
import { failure, serveContract } from './contract-server';
import { findLazyDialog, injectSession, renderApp } from './helpers';
import { ISSUED_ID, issuedInvoice } from './issued-invoice-data';

beforeAll(async () => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
  }
  // The dialog is loaded lazily; transforming it once here keeps the first test from waiting on it.
  await import('../../src/features/invoice/invoice-dialog');
}, 60_000);
afterEach(() => {
  vi.unstubAllGlobals();
});

const huber = firm('Bäckerei Huber');
const activity = (over: Partial<CustomerActivity>) => activityOf(huber, { ownerId: ids.colleague, ownerName: 'Max Monteur', ...over });
const note = activity({ text: 'Kunde wünscht Rückruf' });
const material = activity({ kind: 'material', title: 'Kabel NYM-J 3x1,5 mm²', quantity: 25, unit: 'm', amount: 22.25 });
const timeEntry = activity({ kind: 'timeEntry', title: 'Zeiteintrag', text: 'Verteiler geprüft', durationSeconds: 1800 });
const time = activity({ kind: 'time', title: 'Arbeitszeit', text: 'Leitungen verlegt', durationSeconds: 5400 });
const photo = activity({ kind: 'image', title: 'Nachher', text: 'Verteiler fertig' });

function previewOf(outputFormat: string): InvoicePreview {
  return {
    customerId: huber.id,
    customerName: huber.displayName,
    title: 'Rechnung Bäckerei Huber, 20.11.2026',
    fromDate: '2026-11-19T23:00:00Z',
    toDate: '2026-11-20T23:00:00Z',
    language: 'de',
    currency: 'EUR',
    smallBusiness: false,
    smallBusinessNote: null,
    hourlyRate: 60,
    positions: [
      {
        key: 'labour',
        kind: 'labour',
        description: 'Arbeitszeit 20.11.2026',
        quantity: 2,
        unit: 'Std.',
        unitPrice: 60,
        vatCategory: 'S',
        vatRate: 19,
        net: 120,
        vat: 22.8,
        gross: 142.8,
        productId: null,
        durationSeconds: 7200,
        billedSeconds: 7200,
        informationIds: [timeEntry.id],
        timeTrackIds: [time.id],
      },
      {
        key: 'material-0123456789abcdef',
        kind: 'material',
        description: 'Kabel NYM-J 3x1,5 mm²',
        quantity: 25,
        unit: 'm',
        unitPrice: 0.89,
        vatCategory: 'S',
        vatRate: 19,
        net: 22.25,
        vat: 4.23,
        gross: 26.48,
        productId: null,
        durationSeconds: null,
        billedSeconds: null,
        informationIds: [material.id],
        timeTrackIds: [],
      },
    ],
    totals: { net: 142.25, vat: 27.03, gross: 169.28, vatByRate: [{ vatCategory: 'S', vatRate: 19, net: 142.25, vat: 27.03 }] },
    document:
      outputFormat === 'json'
        ? null
        : {
            fileName: `Rechnungsentwurf_Baeckerei-Huber_2026-11-20.${outputFormat}`,
            contentType: outputFormat === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            contentBase64: btoa('file'),
          },
  };
}

/** Selects the list's entries and opens the dialog on them. */
async function openOn(user: ReturnType<typeof userEvent.setup>) {
  await renderApp('/library');
  const list = await screen.findByRole('list', { name: 'Aktivitäten' });
  await user.click(within(screen.getByTestId('selection-bar')).getByRole('checkbox', { name: 'Alle angezeigten auswählen' }));
  await user.click(within(screen.getByTestId('selection-bar')).getByRole('button', { name: 'Rechnung vorbereiten' }));
  const dialog = await findLazyDialog('Rechnung vorbereiten');
  await within(dialog).findByTestId('invoice-positions');
  return { list, dialog };
}

const stubDownloads = () => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:invoice'), revokeObjectURL: vi.fn() }));
  const clicked: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
  return clicked;
};

const markAnswer = (call: { body: unknown }) => {
  const body = call.body as { informationIds: string[]; timeTrackIds: string[]; archive: boolean };
  return { informationCount: body.informationIds.length, timeTrackCount: body.timeTrackIds.length, imageCount: 0, archived: body.archive };
};

describe('preparing an invoice from the library selection', { timeout: 30_000 }, () => {
  it('bills the open selected times and materials; a draft download marks nothing, marking is a choice', async () => {
    const clicked = stubDownloads();
    injectSession({ roles: ['Manager'] });
    const previews: { outputFormat: string; informationIds?: string[]; timeTrackIds?: string[]; customerId: string }[] = [];
    const marked: { informationIds: string[]; timeTrackIds: string[]; archive: boolean }[] = [];
    const invoiced = activity({ kind: 'material', title: 'Schon abgerechnet', quantity: 1, unit: 'Stk', amount: 5, processed: true, invoice: { id: ISSUED_ID, number: 'RE-2026-0001' } });
    serveContract({
      customerActivitiesByCustomer: page([note, material, timeEntry, time, photo, invoiced]),
      invoiceCreatePreviewFromActivities: (call) => {
        const body = call.body as (typeof previews)[number];
        previews.push(body);
        return previewOf(body.outputFormat);
      },
      invoiceMarkActivitiesAsProcessed: (call) => {
        marked.push(call.body as (typeof marked)[number]);
        return markAnswer(call);
      },
    });
    const user = userEvent.setup();
    const { dialog } = await openOn(user);
    const positions = within(dialog).getByTestId('invoice-positions');
    expect(within(positions).getByText('Arbeitszeit 20.11.2026')).toBeInTheDocument();
    expect(within(positions).getByText('Kabel NYM-J 3x1,5 mm²')).toBeInTheDocument();
    expect(within(dialog).getByTestId('invoice-totals').textContent).toContain('169,28');
    expect(previews[0]).toMatchObject({ customerId: huber.id, outputFormat: 'json', language: 'de' });
    // The invoiced material is not billed again.
    expect([...previews[0].informationIds!].sort()).toEqual([material.id, timeEntry.id].sort());
    expect(previews[0].timeTrackIds).toEqual([time.id]);
    await waitFor(() => expect(dialog.querySelector('iframe')?.getAttribute('src')).toBe('blob:invoice'));
    expect(within(dialog).getByText('Entwurf')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Entwurf als XLSX' }));
    const exported = await within(dialog).findByTestId('invoice-exported');
    expect(clicked).toEqual(['Rechnungsentwurf_Baeckerei-Huber_2026-11-20.xlsx']);
    expect(exported).toHaveTextContent('Ein Entwurf ändert keine Einträge');
    expect(marked).toEqual([]);
    // The form stays open for changes: a draft fixes nothing.
    expect(within(dialog).getByRole('textbox', { name: 'Titel' })).toBeEnabled();

    // Billed elsewhere: marked by choice, archived too.
    await user.click(within(exported).getByRole('checkbox', { name: 'Zusätzlich archivieren' }));
    await user.click(within(exported).getByRole('button', { name: 'Als erledigt markieren' }));
    await waitFor(() => expect(marked).toHaveLength(1));
    expect(marked[0]).toMatchObject({ timeTrackIds: [time.id], archive: true });
    expect([...marked[0].informationIds].sort()).toEqual([material.id, timeEntry.id].sort());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rechnung vorbereiten' })).not.toBeInTheDocument());
  });

  it('marks nothing when the dialog is closed after a draft download', async () => {
    stubDownloads();
    injectSession({ roles: ['Owner'] });
    const marked: unknown[] = [];
    serveContract({
      customerActivitiesByCustomer: page([material]),
      invoiceCreatePreviewFromActivities: (call) => previewOf((call.body as { outputFormat: string }).outputFormat),
      invoiceMarkActivitiesAsProcessed: (call) => {
        marked.push(call.body);
        return markAnswer(call);
      },
    });
    const user = userEvent.setup();
    const { dialog } = await openOn(user);
    await user.click(within(dialog).getByRole('button', { name: 'Entwurf als PDF' }));
    await within(dialog).findByTestId('invoice-exported');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rechnung vorbereiten' })).not.toBeInTheDocument());
    expect(marked).toEqual([]);
  });

  it('issues after a confirmation, with no typed number; a refusal stays in the dialog in the server\'s words', async () => {
    stubDownloads();
    injectSession({ roles: ['Manager'] });
    const issues: { format: string; customerId: string; informationIds?: string[]; invoiceNumber?: string }[] = [];
    let refuse = true;
    serveContract({
      customerActivitiesByCustomer: page([material, time]),
      invoiceCreatePreviewFromActivities: (call) => previewOf((call.body as { outputFormat: string }).outputFormat),
      invoiceIssue: (call) => {
        issues.push(call.body as (typeof issues)[number]);
        if (refuse) return failure(400, 'BAD_REQUEST', 'Für die XRechnung fehlt noch: die E-Mail-Adresse des Kunden.');
        return issuedInvoice(huber, {
          summary: { ...issuedInvoice(huber).summary, format: 'xrechnung' },
          documents: [
            { document: 'pdf', fileName: 'Rechnung_RE-2026-0001.pdf', contentType: 'application/pdf', sha256: 'a'.repeat(64) },
            { document: 'xml', fileName: 'Rechnung_RE-2026-0001.xml', contentType: 'application/xml', sha256: 'b'.repeat(64) },
          ],
        });
      },
    });
    const user = userEvent.setup();
    const { dialog } = await openOn(user);
    // The number is the server's: nothing to type.
    expect(within(dialog).queryByRole('textbox', { name: 'Rechnungsnummer' })).not.toBeInTheDocument();
    const issue = within(dialog).getByTestId('invoice-issue');
    await user.click(within(issue).getByRole('radio', { name: 'XRechnung (XML)' }));

    // Asked first; cancelling issues nothing.
    await user.click(within(issue).getByRole('button', { name: 'Rechnung ausstellen' }));
    let confirm = await screen.findByRole('dialog', { name: 'Rechnung ausstellen?' });
    expect(confirm).toHaveTextContent('Die Rechnung erhält die nächste Nummer und kann danach nicht mehr geändert werden.');
    await user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rechnung ausstellen?' })).not.toBeInTheDocument());
    expect(issues).toEqual([]);

    // Refused: the server's message, and the entries stay billable (issuing can be tried again).
    await user.click(within(issue).getByRole('button', { name: 'Rechnung ausstellen' }));
    confirm = await screen.findByRole('dialog', { name: 'Rechnung ausstellen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Rechnung ausstellen' }));
    expect(await within(dialog).findByTestId('invoice-issue-error')).toHaveTextContent('die E-Mail-Adresse des Kunden');
    expect(issues[0]).toMatchObject({ customerId: huber.id, format: 'xrechnung', informationIds: [material.id], timeTrackIds: [time.id] });
    expect(issues[0].invoiceNumber).toBeUndefined();
    expect(within(dialog).queryByTestId('invoice-issued')).not.toBeInTheDocument();

    refuse = false;
    await user.click(within(issue).getByRole('button', { name: 'Rechnung ausstellen' }));
    confirm = await screen.findByRole('dialog', { name: 'Rechnung ausstellen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Rechnung ausstellen' }));
    const issued = await within(dialog).findByTestId('invoice-issued');
    expect(issued).toHaveTextContent('Rechnung RE-2026-0001 ausgestellt');
    expect(within(issued).getByRole('button', { name: 'PDF herunterladen' })).toBeInTheDocument();
    expect(within(issued).getByRole('button', { name: 'E-Rechnung (XML) herunterladen' })).toBeInTheDocument();
    expect(within(issued).getByRole('link', { name: 'Rechnung RE-2026-0001 öffnen' })).toHaveAttribute('href', `/invoice/${ISSUED_ID}`);
    // Issued: no more drafts or issuing, and the form is fixed.
    expect(within(dialog).queryByTestId('invoice-issue')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Entwurf als PDF' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Titel' })).toBeDisabled();
    expect(issues).toHaveLength(2);
  });

  it('offers no issuing to a firm that issues its invoices in lexoffice', async () => {
    stubDownloads();
    injectSession({ roles: ['Owner'] });
    serveContract({
      managementGetTenant: tenantProfile({ invoiceIssuer: 'lexoffice' }),
      customerActivitiesByCustomer: page([material]),
      invoiceCreatePreviewFromActivities: (call) => previewOf((call.body as { outputFormat: string }).outputFormat),
    });
    const user = userEvent.setup();
    const { dialog } = await openOn(user);
    expect(await within(dialog).findByTestId('invoice-issued-elsewhere')).toHaveTextContent('lexoffice');
    expect(within(dialog).queryByRole('button', { name: 'Rechnung ausstellen' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Entwurf als PDF' })).toBeInTheDocument();
  });
});
