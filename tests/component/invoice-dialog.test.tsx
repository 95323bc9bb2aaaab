/**
 * Preparing an invoice from entries selected in the library, against a fake API: the dialog asks
 * for exactly the billable entries of the selection (materials, time entries, customer times; no
 * notes or photos), shows the server's positions and totals, exports XLSX under the server's file
 * name, and then marks the positions' entries processed with the archive choice; the e-invoices
 * need a valid invoice number and say in the dialog what the profile lacks.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CustomerActivity, InvoicePreview } from '../../generated/api/types.gen';
import { activity as activityOf, firm, ids, page } from './contract-data';
import { failure, serveContract } from './contract-server';
import { injectSession, renderApp } from './helpers';

beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
  }
});
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

describe('preparing an invoice from the library selection', { timeout: 30_000 }, () => {
  it('bills the selected times and materials, exports XLSX and archives them', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:invoice'), revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    injectSession({ roles: ['Manager'] });
    const previews: { outputFormat: string; informationIds?: string[]; timeTrackIds?: string[]; customerId: string }[] = [];
    const marked: unknown[] = [];
    serveContract({
      customerActivitiesByCustomer: page([note, material, timeEntry, time, photo]),
      invoiceCreatePreviewFromActivities: (call) => {
        const body = call.body as (typeof previews)[number];
        previews.push(body);
        return previewOf(body.outputFormat);
      },
      invoiceMarkActivitiesAsProcessed: (call) => {
        const body = call.body as { informationIds: string[]; timeTrackIds: string[]; archive: boolean };
        marked.push(body);
        return { informationCount: body.informationIds.length, timeTrackCount: body.timeTrackIds.length, imageCount: 0, archived: body.archive };
      },
    });
    const user = userEvent.setup();
    await renderApp('/library');
    await screen.findByRole('list', { name: 'Aktivitäten' });
    const bar = screen.getByTestId('selection-bar');
    await user.click(within(bar).getByRole('checkbox', { name: 'Alle angezeigten auswählen' }));
    await user.click(within(bar).getByRole('button', { name: 'Rechnung vorbereiten' }));

    const dialog = await screen.findByRole('dialog', { name: 'Rechnung vorbereiten' });
    const positions = await within(dialog).findByTestId('invoice-positions');
    expect(within(positions).getByText('Arbeitszeit 20.11.2026')).toBeInTheDocument();
    expect(within(positions).getByText('Kabel NYM-J 3x1,5 mm²')).toBeInTheDocument();
    expect(within(dialog).getByTestId('invoice-totals').textContent).toContain('169,28');
    expect(previews[0]).toMatchObject({ customerId: huber.id, outputFormat: 'json', language: 'de' });
    expect([...previews[0].informationIds!].sort()).toEqual([material.id, timeEntry.id].sort());
    expect(previews[0].timeTrackIds).toEqual([time.id]);
    await waitFor(() => expect(dialog.querySelector('iframe')?.getAttribute('src')).toBe('blob:invoice'));

    await user.click(within(dialog).getByRole('button', { name: 'XLSX exportieren' }));
    const exported = await within(dialog).findByTestId('invoice-exported');
    expect(clicked).toEqual(['Rechnungsentwurf_Baeckerei-Huber_2026-11-20.xlsx']);
    expect(marked).toEqual([]);

    await user.click(within(exported).getByRole('button', { name: 'Archivieren' }));
    await waitFor(() => expect(marked).toHaveLength(1));
    expect(marked[0]).toMatchObject({ timeTrackIds: [time.id], archive: true });
    expect([...(marked[0] as { informationIds: string[] }).informationIds].sort()).toEqual([material.id, timeEntry.id].sort());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rechnung vorbereiten' })).not.toBeInTheDocument());
  });

  it('marks the entries processed without archiving when the dialog is closed after an export', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:invoice'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    injectSession({ roles: ['Owner'] });
    const marked: { archive: boolean }[] = [];
    serveContract({
      customerActivitiesByCustomer: page([material]),
      invoiceCreatePreviewFromActivities: (call) => previewOf((call.body as { outputFormat: string }).outputFormat),
      invoiceMarkActivitiesAsProcessed: (call) => {
        const body = call.body as { informationIds: string[]; timeTrackIds: string[]; archive: boolean };
        marked.push(body);
        return { informationCount: body.informationIds.length, timeTrackCount: body.timeTrackIds.length, imageCount: 0, archived: body.archive };
      },
    });
    const user = userEvent.setup();
    await renderApp('/library');
    const list = await screen.findByRole('list', { name: 'Aktivitäten' });
    await user.click(within(list).getByRole('checkbox'));
    await user.click(within(screen.getByTestId('selection-bar')).getByRole('button', { name: 'Rechnung vorbereiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechnung vorbereiten' });
    await within(dialog).findByTestId('invoice-positions');
    await user.click(within(dialog).getByRole('button', { name: 'PDF exportieren' }));
    await within(dialog).findByTestId('invoice-exported');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(marked).toHaveLength(1));
    expect(marked[0].archive).toBe(false);
  });

  it('exports an e-invoice only under a valid invoice number, and keeps a refusal in the dialog', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:invoice'), revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    injectSession({ roles: ['Owner'] });
    const bodies: { outputFormat: string; invoiceNumber?: string }[] = [];
    serveContract({
      customerActivitiesByCustomer: page([material]),
      invoiceCreatePreviewFromActivities: (call) => {
        const body = call.body as (typeof bodies)[number];
        bodies.push(body);
        if (body.outputFormat === 'zugferd') return failure(400, 'BAD_REQUEST', 'Für die E-Rechnung fehlt noch: die IBAN im Firmenprofil.');
        const preview = previewOf(body.outputFormat === 'xrechnung' ? 'pdf' : body.outputFormat);
        return body.outputFormat === 'xrechnung'
          ? { ...preview, document: { fileName: 'Rechnung_RE-2026-0147_Baeckerei-Huber_2026-11-20.xml', contentType: 'application/xml' as const, contentBase64: btoa('<xml/>') } }
          : preview;
      },
      invoiceMarkActivitiesAsProcessed: { informationCount: 1, timeTrackCount: 0, imageCount: 0, archived: false },
    });
    const user = userEvent.setup();
    await renderApp('/library');
    const list = await screen.findByRole('list', { name: 'Aktivitäten' });
    await user.click(within(list).getByRole('checkbox'));
    await user.click(within(screen.getByTestId('selection-bar')).getByRole('button', { name: 'Rechnung vorbereiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechnung vorbereiten' });
    await within(dialog).findByTestId('invoice-positions');
    const einvoice = within(dialog).getByTestId('einvoice-export');
    const xrechnung = within(einvoice).getByRole('button', { name: 'XRechnung (XML)' });
    expect(xrechnung).toBeDisabled();
    const number = within(einvoice).getByRole('textbox', { name: 'Rechnungsnummer' });
    await user.type(number, 'RE 1');
    expect(within(einvoice).getByText('Nur Buchstaben, Ziffern und / . _ -, höchstens 50 Zeichen.')).toBeInTheDocument();
    expect(xrechnung).toBeDisabled();
    await user.clear(number);
    await user.type(number, 'RE-2026-0147');
    await user.click(within(einvoice).getByRole('button', { name: 'ZUGFeRD (PDF)' }));
    expect(await within(dialog).findByTestId('invoice-export-error')).toHaveTextContent('die IBAN im Firmenprofil');
    expect(within(dialog).queryByTestId('invoice-exported')).not.toBeInTheDocument();

    await user.click(xrechnung);
    await within(dialog).findByTestId('invoice-exported');
    expect(bodies.at(-1)).toMatchObject({ outputFormat: 'xrechnung', invoiceNumber: 'RE-2026-0147' });
    expect(bodies.filter((b) => b.outputFormat === 'json' || b.outputFormat === 'pdf').every((b) => b.invoiceNumber === undefined)).toBe(true);
    expect(clicked).toEqual(['Rechnung_RE-2026-0147_Baeckerei-Huber_2026-11-20.xml']);
    expect(within(dialog).queryByTestId('invoice-export-error')).not.toBeInTheDocument();
  });
});
