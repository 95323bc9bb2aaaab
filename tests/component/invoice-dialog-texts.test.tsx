/**
 * The invoice dialog of a customer against the contract: it starts in the firm's invoice language
 * (the app may speak another) and asks for the firm's "last month"; a position's text is edited,
 * or the AI's proposal taken over, and goes with the preview and the issued invoice (`positionTexts`); a
 * period without open entries is an empty state, not an error, with no PDF asked for; the AI
 * summary covers exactly the positions' entries.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InvoicePreview, InvoicePreviewRequest } from '../../generated/api/types.gen';
import { aiStatus, firm, page, tenantProfile } from './contract-data';
import { serveContract } from './contract-server';
import { findLazyDialog, injectSession, renderApp } from './helpers';
import { issuedInvoice } from './issued-invoice-data';

beforeAll(async () => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
  }
  // The dialog is loaded lazily; transforming it once here keeps the first test from waiting on it.
  await import('../../src/features/invoice/invoice-dialog');
}, 60_000);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const huber = firm('Bäckerei Huber');
const timeEntry = '6f1d2b1e-9c1a-4d59-9a57-7c3e0c2f0a01';
const track = '6f1d2b1e-9c1a-4d59-9a57-7c3e0c2f0a02';
const cable = '6f1d2b1e-9c1a-4d59-9a57-7c3e0c2f0a03';
const CABLE_KEY = 'material-0123456789abcdef';

/** The server's answer: its texts, with the request's `positionTexts` in place. */
function previewFor(body: InvoicePreviewRequest): InvoicePreview {
  const english = body.language === 'en';
  const text = (key: string, own: string) => body.positionTexts?.[key] ?? own;
  return {
    customerId: huber.id,
    customerName: huber.displayName,
    title: english ? 'Invoice Bäckerei Huber' : 'Rechnung Bäckerei Huber',
    fromDate: body.fromDate,
    toDate: body.toDate,
    language: english ? 'en' : 'de',
    currency: 'EUR',
    smallBusiness: false,
    smallBusinessNote: null,
    hourlyRate: 60,
    positions: [
      {
        key: 'labour',
        kind: 'labour',
        description: text('labour', english ? 'Labour October 2026' : 'Arbeitszeit Oktober 2026'),
        quantity: 2,
        unit: english ? 'h' : 'Std.',
        unitPrice: 60,
        vatRate: 19,
        vatCategory: 'S',
        net: 120,
        vat: 22.8,
        gross: 142.8,
        productId: null,
        durationSeconds: 7200,
        billedSeconds: 7200,
        informationIds: [timeEntry],
        timeTrackIds: [track],
      },
      {
        key: CABLE_KEY,
        kind: 'material',
        description: text(CABLE_KEY, 'Kabel NYM-J 3x1,5 mm²'),
        quantity: 25,
        unit: 'm',
        unitPrice: 0.89,
        vatRate: 19,
        vatCategory: 'S',
        net: 22.25,
        vat: 4.23,
        gross: 26.48,
        productId: '6f1d2b1e-9c1a-4d59-9a57-7c3e0c2f0a04',
        durationSeconds: null,
        billedSeconds: null,
        informationIds: [cable],
        timeTrackIds: [],
      },
    ],
    totals: { net: 142.25, vat: 27.03, gross: 169.28, vatByRate: [{ vatRate: 19, vatCategory: 'S', net: 142.25, vat: 27.03 }] },
    document:
      body.outputFormat === 'json'
        ? null
        : { fileName: `Rechnungsentwurf_Baeckerei-Huber.${body.outputFormat}`, contentType: 'application/pdf', contentBase64: btoa('%PDF-') },
  };
}

function stubFiles() {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:invoice'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
}

async function openDialog() {
  const user = userEvent.setup();
  await renderApp(`/customer/${huber.id}`);
  await user.click(await screen.findByRole('button', { name: 'Rechnung vorbereiten' }));
  const dialog = await findLazyDialog('Rechnung vorbereiten');
  return { user, dialog };
}

describe('the invoice dialog of a customer', { timeout: 60_000 }, () => {
  it('starts in the firm\'s invoice language and its time zone\'s last month; the language stays changeable', async () => {
    stubFiles();
    injectSession({ roles: ['Manager'] });
    const bodies: InvoicePreviewRequest[] = [];
    serveContract({
      managementGetTenant: tenantProfile({ invoiceLanguage: 'en', timeZone: 'America/New_York' }),
      customersGet: huber,
      customerActivitiesByCustomer: page([]),
      invoiceCreatePreviewFromActivities: (call) => {
        bodies.push(call.body as InvoicePreviewRequest);
        return previewFor(call.body as InvoicePreviewRequest);
      },
    });
    const { user, dialog } = await openDialog();
    await within(dialog).findByText('Labour October 2026', {}, { timeout: 5000 });
    // The app speaks German; the invoice is English, as the firm set it.
    expect(within(dialog).getByRole('radio', { name: 'English' })).toBeChecked();
    expect(bodies.every((b) => b.language === 'en')).toBe(true);
    // Midnight in New York (UTC−4 or −5), not the browser's midnight, on the first of a month.
    const from = new Date(bodies[0].fromDate);
    expect([4, 5]).toContain(from.getUTCHours());
    expect(from.getUTCMinutes()).toBe(0);
    expect(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', day: 'numeric' }).format(from)).toBe('1');

    await user.click(within(dialog).getByRole('radio', { name: 'Deutsch' }));
    await within(dialog).findByText('Arbeitszeit Oktober 2026');
    expect(bodies.at(-1)!.language).toBe('de');
  });

  it('edits a position\'s text and takes over the AI\'s proposal; both go with the preview and the issued invoice', async () => {
    stubFiles();
    injectSession({ roles: ['Owner'] });
    const bodies: InvoicePreviewRequest[] = [];
    const issued: InvoicePreviewRequest[] = [];
    const proposals: unknown[] = [];
    const summaries: unknown[] = [];
    serveContract({
      aiGetStatus: aiStatus({ consent: true }),
      customersGet: huber,
      customerActivitiesByCustomer: page([]),
      invoiceCreatePreviewFromActivities: (call) => {
        bodies.push(call.body as InvoicePreviewRequest);
        return previewFor(call.body as InvoicePreviewRequest);
      },
      aiInvoiceText: (call) => {
        proposals.push(call.body);
        return { title: '', text: 'Elektroinstallation Backstube: Leitungen verlegt, Verteiler geprüft', entryCount: 2 };
      },
      aiSummarize: (call) => {
        summaries.push(call.body);
        return { title: 'Elektroarbeiten Backstube', text: 'Leitungen verlegt.', entryCount: 3 };
      },
      invoiceIssue: (call) => {
        issued.push(call.body as InvoicePreviewRequest);
        return issuedInvoice(huber);
      },
    });
    const { user, dialog } = await openDialog();
    const positions = await within(dialog).findByTestId('invoice-positions', {}, { timeout: 5000 });
    await within(positions).findByText('Arbeitszeit Oktober 2026', {}, { timeout: 5000 });

    // Edit the material's text.
    await user.click(within(positions).getByRole('button', { name: 'Text bearbeiten: Kabel NYM-J 3x1,5 mm²' }));
    const editor = within(positions).getByRole('textbox', { name: 'Text der Position' });
    await user.clear(editor);
    expect(within(positions).getByRole('button', { name: 'Übernehmen' })).toBeDisabled();
    await user.type(editor, 'Mantelleitung NYM-J, 25 m verlegt');
    await user.click(within(positions).getByRole('button', { name: 'Übernehmen' }));
    await waitFor(() => expect(bodies.at(-1)!.positionTexts).toEqual({ [CABLE_KEY]: 'Mantelleitung NYM-J, 25 m verlegt' }));
    expect(within(positions).getByText('Mantelleitung NYM-J, 25 m verlegt')).toBeInTheDocument();

    // Take over the AI's text for the labour position.
    await user.click(within(positions).getByRole('button', { name: 'Beschreibung vorschlagen' }));
    const proposal = await screen.findByTestId('position-text');
    expect(proposals[0]).toMatchObject({ informationIds: [timeEntry], timeTrackIds: [track], language: 'de' });
    await user.click(within(proposal).getByRole('button', { name: 'In die Position übernehmen' }));
    await waitFor(() =>
      expect(bodies.at(-1)!.positionTexts).toEqual({ [CABLE_KEY]: 'Mantelleitung NYM-J, 25 m verlegt', labour: 'Elektroinstallation Backstube: Leitungen verlegt, Verteiler geprüft' }),
    );
    expect(within(positions).getByText('Elektroinstallation Backstube: Leitungen verlegt, Verteiler geprüft')).toBeInTheDocument();

    // Back to the server's text for the material.
    const cableRow = within(positions).getByText('Mantelleitung NYM-J, 25 m verlegt').closest('tr')!;
    await user.click(within(cableRow).getByRole('button', { name: 'Ursprünglichen Text wiederherstellen' }));
    await waitFor(() => expect(bodies.at(-1)!.positionTexts).toEqual({ labour: 'Elektroinstallation Backstube: Leitungen verlegt, Verteiler geprüft' }));

    // The summary covers exactly the positions' entries.
    await user.click(within(dialog).getByRole('button', { name: 'Zusammenfassen' }));
    const summary = await screen.findByRole('dialog', { name: 'Zusammenfassung des Zeitraums' });
    await user.click(await within(summary).findByRole('button', { name: 'Zusammenfassen' }));
    await waitFor(() => expect(summaries).toHaveLength(1));
    expect(summaries[0]).toMatchObject({ customerId: huber.id, informationIds: [timeEntry, cable], timeTrackIds: [track] });
    await user.click(await within(summary).findByRole('button', { name: 'Als Rechnungstitel übernehmen' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Zusammenfassung des Zeitraums' })).not.toBeInTheDocument());

    await user.click(within(dialog).getByRole('button', { name: 'Rechnung ausstellen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rechnung ausstellen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Rechnung ausstellen' }));
    await within(dialog).findByTestId('invoice-issued');
    expect(issued[0]?.positionTexts).toEqual({ labour: 'Elektroinstallation Backstube: Leitungen verlegt, Verteiler geprüft' });
    // Once issued the texts are fixed like the rest of the invoice.
    expect(within(positions).queryByRole('button', { name: /Text bearbeiten/ })).not.toBeInTheDocument();
  });

  it('shows a period without open entries as an empty state, asks for no PDF and logs no error', async () => {
    injectSession({ roles: ['Manager'] });
    const errors = vi.spyOn(console, 'error');
    const formats: string[] = [];
    serveContract({
      customersGet: huber,
      customerActivitiesByCustomer: page([]),
      invoiceCreatePreviewFromActivities: (call) => {
        const body = call.body as InvoicePreviewRequest;
        formats.push(body.outputFormat);
        const empty = previewFor(body);
        return { ...empty, positions: [], totals: { net: 0, vat: 0, gross: 0, vatByRate: [] } };
      },
    });
    const { user, dialog } = await openDialog();
    const empty = await within(dialog).findByTestId('invoice-empty', {}, { timeout: 5000 });
    expect(empty).toHaveTextContent('Keine offenen Einträge in diesem Zeitraum');
    expect(within(dialog).queryByTestId('invoice-error')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Entwurf als PDF' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Rechnung ausstellen' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Zusammenfassen' })).not.toBeInTheDocument();
    await user.click(within(empty).getByRole('button', { name: 'Aktuellen Monat zeigen' }));
    await waitFor(() => expect(formats).toHaveLength(2));
    expect(formats).toEqual(['json', 'json']);
    // No failed request (React's own act() notes of the test environment aside).
    const logged = errors.mock.calls.map((call) => call.map(String).join(' ')).filter((line) => !line.includes('not wrapped in act'));
    expect(logged).toEqual([]);
  });
});
