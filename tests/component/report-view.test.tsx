/**
 * The library's report against a fake API: the kind, period, processed filter and page become the
 * `Information/Reporting` query, the totals are the server's for the whole period (quantity per
 * product, h:mm of time), the CSV and XLSX exports write every page with those totals and
 * formula-like texts neutralised, a failed load says so, and only the back office gets the report.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Information } from '../../generated/api/types.gen';
import { periodRange, rangeToQuery } from '../../src/lib/periods';
import { firm, ids, information, page } from './contract-data';
import { failure, serveContract } from './contract-server';
import { injectSession, renderApp } from './helpers';

// jsdom's Blob has no text() or arrayBuffer(); FileReader reads it.
function read(blob: Blob, as: 'text'): Promise<string>;
function read(blob: Blob, as: 'buffer'): Promise<ArrayBuffer>;
function read(blob: Blob, as: 'text' | 'buffer'): Promise<string | ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string | ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    if (as === 'text') reader.readAsText(blob);
    else reader.readAsArrayBuffer(blob);
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const huber = firm('Bäckerei Huber');
const meier = firm('Metzgerei Meier');
const entry = (customer: typeof huber, over: Partial<Information>) =>
  information(customer, { ownerId: ids.colleague, ownerName: 'Max Monteur', occurredAtUtc: '2026-10-14T09:00:00.000Z', ...over });
const cable = '7b1c4a2e-3d5f-4e6a-9b8c-0d1e2f3a4b5c';
const materials = [
  entry(huber, { subType: 'material', productId: cable, productName: 'Kabel NYM-J 3x1,5', quantity: 25, unit: 'm' }),
  entry(meier, { subType: 'material', productId: cable, productName: 'Kabel NYM-J 3x1,5', quantity: 10.5, unit: 'm' }),
  entry(meier, { subType: 'material', text: 'Dübel 8 mm', quantity: 100, unit: 'Stk.' }),
];
const times = [
  entry(huber, { subType: 'time', text: '=HYPERLINK("http://evil")', durationSeconds: 5400 }),
  entry(meier, { subType: 'time', text: 'Verteiler geprüft', durationSeconds: 2700 }),
];

// The server's totals cover the whole period, more than the rows of one page.
const materialTotals = {
  durationSeconds: 0,
  materials: [
    { productId: null, name: 'Dübel 8 mm', unit: 'Stk.', quantity: 400 },
    { productId: cable, name: 'Kabel NYM-J 3x1,5', unit: 'm', quantity: 135.5 },
  ],
};
const timeTotals = { durationSeconds: 11700, materials: [] };
const none = { durationSeconds: 0, materials: [] };

describe('/library report', { timeout: 30_000 }, () => {
  it('asks for the chosen kind, period and processed state and shows the totals of the whole period', async () => {
    injectSession({ roles: ['Manager'] });
    const server = serveContract({
      informationReporting: (call) =>
        call.query.subType === 'time'
          ? { ...page(times, { pageSize: Number(call.query.pageSize) }), totals: timeTotals }
          : { ...page(materials, { pageSize: 50, totalCount: 120 }), totals: materialTotals },
    });
    const user = userEvent.setup();
    const { router } = await renderApp('/library?view=report&period=lastMonth');
    const table = await screen.findByRole('table', { name: 'Auswertung' });

    const query = () => server.calls('informationReporting').at(-1)!.query;
    const lastMonth = rangeToQuery(periodRange('lastMonth'));
    expect(query()).toEqual({
      subType: 'material',
      includeProcessed: 'true',
      includeUnprocessed: 'true',
      fromDate: lastMonth.fromDate,
      toDate: lastMonth.toDate,
      page: '1',
      pageSize: '50',
      orderBy: 'occurredAtUtc',
      isDescending: 'true',
    });
    expect(server.calls('customerActivitiesByCustomer')).toHaveLength(0);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]).getByText('Bäckerei Huber')).toBeInTheDocument();
    expect(within(rows[1]).getByText('25 m')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Max Monteur')).toBeInTheDocument();
    const totals = screen.getByTestId('report-totals');
    const totalRows = within(totals).getAllByRole('row').map((row) => row.textContent);
    expect(totalRows).toEqual(['Dübel 8 mm400 Stk.', 'Kabel NYM-J 3x1,5135,5 m']);

    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(query()).toMatchObject({ subType: 'material', page: '2' }));

    await user.click(screen.getByRole('radio', { name: 'Zeiten' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ view: 'report', subType: 'time', period: 'lastMonth' }));
    await waitFor(() => expect(query()).toMatchObject({ subType: 'time', page: '1' }));
    await waitFor(() => expect(screen.getByTestId('report-totals')).toHaveTextContent('Gesamtzeit: 3:15'));
    expect(within(screen.getByRole('table', { name: 'Auswertung' })).getByText('1:30')).toBeInTheDocument();

    const saved: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (saved.push(blob), 'blob:report')), revokeObjectURL: vi.fn() }));
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await user.click(screen.getByRole('button', { name: 'CSV exportieren' }));
    const days = periodRange('lastMonth');
    await waitFor(() => expect(names).toEqual([`Auswertung_Zeiten_${days.from}_${days.to}.csv`]));
    // The export reads every page of the period, not the one shown.
    expect(server.calls('informationReporting').at(-1)!.query).toMatchObject({ subType: 'time', page: '1', pageSize: '500' });
    const csv = (await read(saved[0], 'text')).replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe('Kunde;Datum;Text;Stunden;Dauer;Mitarbeiter');
    expect(csv[1]).toMatch(/^Bäckerei Huber;[^;]+;"'=HYPERLINK\(""http:\/\/evil""\)";1,5;1:30;Max Monteur$/);
    expect(csv[3]).toBe('Summe;;;3,25;3:15;');

    await user.click(screen.getByRole('button', { name: 'XLSX exportieren' }));
    await waitFor(() => expect(names).toHaveLength(2));
    expect(names[1]).toMatch(/^Auswertung_Zeiten_.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await read(saved[1], 'buffer'));
    const sheet = workbook.getWorksheet('Auswertung')!;
    expect(sheet.getCell('C2').value).toBe(`'=HYPERLINK("http://evil")`);
    expect(sheet.getCell('D2').value).toBe(1.5);
    expect([sheet.getCell('A4').value, sheet.getCell('D4').value, sheet.getCell('E4').value]).toEqual(['Summe', 3.25, '3:15']);

    await user.click(screen.getByLabelText('Erledigt', { selector: 'input:not([type="hidden"])' }));
    await user.click(await screen.findByRole('option', { name: 'Nur offene' }));
    await waitFor(() => expect(query()).toMatchObject({ subType: 'time', includeProcessed: 'false', includeUnprocessed: 'true' }));
  });

  it('exports every page of a long period in order, several pages asked for at once', async () => {
    injectSession({ roles: ['Owner'] });
    const total = 1234;
    const notes = Array.from({ length: total }, (_, i) => entry(huber, { id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, subType: 'note', text: `Notiz ${i + 1}` }));
    let open = 0;
    let most = 0;
    const server = serveContract({
      informationReporting: async (call) => {
        const number = Number(call.query.page);
        const size = Number(call.query.pageSize);
        open++;
        most = Math.max(most, open);
        // Later pages answer first: the file must still keep the order of the pages.
        await new Promise((resolve) => setTimeout(resolve, size === 500 ? (4 - number) * 15 : 0));
        open--;
        return { ...page(notes.slice((number - 1) * size, number * size), { totalCount: total, page: number, pageSize: size }), totals: none };
      },
    });
    const saved: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (saved.push(blob), 'blob:report')), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await renderApp('/library?view=report&subType=note&period=lastMonth');
    await screen.findByRole('table', { name: 'Auswertung' });
    const before = server.calls('informationReporting').length;
    await user.click(screen.getByRole('button', { name: 'CSV exportieren' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const asked = server.calls('informationReporting').slice(before).map((call) => [call.query.page, call.query.pageSize]);
    expect(asked.sort()).toEqual([['1', '500'], ['2', '500'], ['3', '500']]);
    expect(most).toBeGreaterThanOrEqual(2);
    const lines = (await read(saved[0], 'text')).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + total);
    expect(lines.slice(1).map((line) => line.split(';')[2])).toEqual(notes.map((n) => n.text));
  });

  it('says when the report cannot be loaded and when nothing matches', async () => {
    injectSession({ roles: ['Owner'] });
    let fail = true;
    serveContract({ informationReporting: () => (fail ? failure(403, 'FORBIDDEN', 'Your role may not do this.') : { ...page([]), totals: none }) });
    const user = userEvent.setup();
    await renderApp('/library?view=report&subType=note');
    await screen.findByText('Die Auswertung konnte nicht geladen werden.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    await screen.findByText('Nichts in diesem Zeitraum');
    expect(screen.getByRole('button', { name: 'CSV exportieren' })).toBeDisabled();
  });

  it('is not offered to employees, who see the entries instead', async () => {
    injectSession({ roles: ['Employee'] });
    const server = serveContract({ customerActivitiesByCustomer: page([]), informationReporting: { ...page([]), totals: none } });
    await renderApp('/library?view=report');
    await screen.findByRole('heading', { name: 'Bibliothek' });
    expect(screen.queryByRole('radio', { name: 'Auswertung' })).not.toBeInTheDocument();
    await waitFor(() => expect(server.calls('customerActivitiesByCustomer').length).toBeGreaterThan(0));
    expect(server.calls('informationReporting')).toHaveLength(0);
  });
});
