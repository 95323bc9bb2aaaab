/**
 * The CSV import dialog with real files: encoding, delimiter and header row detected, columns
 * mapped from German and English header names, unreadable cells marked before the server is
 * asked, server row errors shown per row, continuing only once every bad row is removed, the
 * import and its summary. The customer import is also driven through the generated client.
 */
import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ImportResult } from '../../generated/api/types.gen';
import { AppProviders } from '../../src/components/app-providers';
import { CsvImportDialog, type CsvImportField } from '../../src/components/csv-import/csv-import-dialog';
import { CustomerImportDialog } from '../../src/features/customers/customer-import';
import { customerImportFields, type CustomerImportField } from '../../src/features/customers/import-fields';
import { productImportFields, type ProductImportField } from '../../src/features/products/import-fields';
import { activateLocale } from '../../src/lib/i18n';
import { createQueryClient } from '../../src/lib/query-client';
import { importResult } from './contract-data';
import { serveContract } from './contract-server';
import { injectSession } from './helpers';

const fixture = (name: string, type = 'text/csv') =>
  new File([new Uint8Array(fs.readFileSync(path.resolve('tests/fixtures/csv', name)))], name, { type });

const customerFields: CsvImportField<CustomerImportField>[] = customerImportFields.map((f) => ({
  ...f,
  label: { externalId: 'Kundennummer', companyName: 'Firmenname', firstName: 'Vorname', lastName: 'Nachname', street: 'Straße', zip: 'PLZ', city: 'Ort', country: 'Land', phone: 'Telefon', email: 'E-Mail', hourlyRate: 'Stundensatz' }[f.key],
}));
const productFields: CsvImportField<ProductImportField>[] = productImportFields.map((f) => ({
  ...f,
  label: { name: 'Name', ean: 'EAN', unit: 'Einheit', netPrice: 'Nettopreis', vatRate: 'MwSt-Satz', stock: 'Bestand' }[f.key],
}));

const result = (values: Partial<ImportResult>): ImportResult => importResult(values);

async function renderDialog<K extends string>(props: {
  fields: CsvImportField<K>[];
  send: (rows: unknown[], dryRun: boolean) => Promise<ImportResult>;
  mappingProblem?: (mapping: Partial<Record<K, number>>) => string | null;
}) {
  await activateLocale('de');
  const onImported = vi.fn();
  const onClose = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <CsvImportDialog
        opened
        onClose={onClose}
        title="Import"
        fields={props.fields}
        mappingProblem={props.mappingProblem ?? (() => null)}
        describeRow={(values) => String(Object.values(values).find((v) => typeof v === 'string') ?? '')}
        send={props.send as never}
        onImported={onImported}
      />
    </AppProviders>,
  );
  return { onImported, onClose };
}

async function upload(file: File) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  await userEvent.setup().upload(input, file);
}

const selectInput = (label: string) => screen.getByLabelText(label, { selector: 'input:not([type="hidden"])' }) as HTMLInputElement;
const inputValue = (label: string) => selectInput(label).value;

describe('CSV import dialog', { timeout: 40_000 }, () => {
  it('reads a German Excel file, checks it with the server and imports once the bad row is removed', async () => {
    const send = vi
      .fn<(rows: unknown[], dryRun: boolean) => Promise<ImportResult>>()
      .mockResolvedValueOnce(
        result({ created: 2, updated: 1, errorCount: 1, errors: [{ row: 2, sourceLine: 3, field: 'email', message: 'Die E-Mail-Adresse ist ungültig.' }] }),
      )
      .mockResolvedValueOnce(result({ created: 2, updated: 1 }));
    const { onImported } = await renderDialog({ fields: customerFields, send });
    const user = userEvent.setup();
    // The drop zone is a named button and has the focus when the dialog opens.
    const zone = await screen.findByRole('button', { name: 'CSV-Datei auswählen' });
    await waitFor(() => expect(zone).toHaveFocus());

    await upload(fixture('customers-excel-de.csv'));
    expect(await screen.findByText('customers-excel-de.csv')).toBeInTheDocument();
    expect(inputValue('Zeichenkodierung')).toBe('Windows-1252 (Excel)');
    expect(inputValue('Trennzeichen')).toBe('Semikolon (;)');
    expect(screen.getByRole('checkbox', { name: 'Erste Zeile enthält Spaltennamen' })).toBeChecked();
    expect(screen.getByText('4 Zeilen')).toBeInTheDocument();
    // Suggested from the German header names.
    expect(inputValue('Firmenname')).toBe('Firma');
    expect(inputValue('Straße')).toBe('Straße');
    expect(inputValue('E-Mail')).toBe('E-Mail');
    expect(inputValue('Stundensatz')).toBe('Stundensatz');
    expect(inputValue('Kundennummer')).toBe('Kundennummer');
    // The start of the file, decoded correctly.
    expect(within(screen.getByRole('table', { name: 'Anfang der Datei' })).getByText('Bäckerei Huber GmbH')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Zeilen prüfen' }));
    await screen.findByText('Die E-Mail-Adresse ist ungültig.', { exact: false });
    const [dryRows, dryRun] = send.mock.calls[0];
    expect(dryRun).toBe(true);
    expect(dryRows).toHaveLength(4);
    expect(dryRows[2]).toEqual({
      sourceLine: 5,
      externalId: 'KD-1003',
      companyName: 'Müller & Söhne "Bau" KG',
      firstName: null,
      lastName: null,
      street: 'Am Anger 3\nHinterhaus',
      zip: '1010',
      city: 'Wien',
      country: 'AT',
      phone: '+43 1 555',
      email: 'office@mueller-bau.at',
      hourlyRate: 1250,
    });
    const badRows = screen.getByRole('table', { name: 'Fehlerhafte Zeilen' });
    expect(within(badRows).getByText('E-Mail: Die E-Mail-Adresse ist ungültig.')).toBeInTheDocument();
    expect(within(badRows).getByText('3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '4 Zeilen importieren' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Zeile 3 entfernen' }));
    const importButton = screen.getByRole('button', { name: '3 Zeilen importieren' });
    expect(importButton).toBeEnabled();
    expect(screen.getByText('Alle 3 Zeilen können importiert werden.')).toBeInTheDocument();

    await user.click(importButton);
    const summary = await screen.findByLabelText('Ergebnis des Imports');
    expect(within(summary).getByTestId('count-Angelegt')).toHaveTextContent('2');
    expect(within(summary).getByTestId('count-Aktualisiert')).toHaveTextContent('1');
    expect(within(summary).getByTestId('count-Übersprungen')).toHaveTextContent('0');
    expect(within(summary).getByTestId('count-Fehler')).toHaveTextContent('0');
    const [rows, real] = send.mock.calls[1];
    expect(real).toBe(false);
    expect((rows as { sourceLine: number }[]).map((r) => r.sourceLine)).toEqual([2, 5, 7]);
    expect(onImported).toHaveBeenCalledOnce();
  });

  it('counts a single row in the singular', async () => {
    const send = vi.fn<(rows: unknown[], dryRun: boolean) => Promise<ImportResult>>().mockResolvedValue(result({ created: 1 }));
    await renderDialog({ fields: productFields, send });
    const user = userEvent.setup();
    await upload(new File(['Name;Einheit;Nettopreis\nKabel NYM-J 3x1,5;m;0,89\n'], 'one.csv', { type: 'text/csv' }));
    expect(await screen.findByText('1 Zeile')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zeilen prüfen' }));
    expect(await screen.findByRole('button', { name: '1 Zeile importieren' })).toBeEnabled();
  });

  it('marks cells it cannot read without asking the server about them', async () => {
    const send = vi.fn<(rows: unknown[], dryRun: boolean) => Promise<ImportResult>>().mockResolvedValue(result({ created: 4 }));
    await renderDialog({ fields: productFields, send });
    const user = userEvent.setup();
    await upload(fixture('products-excel-de.csv'));
    expect(await screen.findByText('5 Zeilen')).toBeInTheDocument();
    expect(inputValue('Name')).toBe('Bezeichnung');
    expect(inputValue('Nettopreis')).toBe('VK netto');
    expect(inputValue('MwSt-Satz')).toBe('MwSt');

    await user.click(screen.getByRole('button', { name: 'Zeilen prüfen' }));
    expect(await screen.findByText(/EAN: Der Code wurde von einer Tabellenkalkulation verändert/)).toBeInTheDocument();
    expect(send.mock.calls[0][0]).toHaveLength(4);
    expect(send.mock.calls[0][0][0]).toEqual({ sourceLine: 2, name: 'Kabel NYM-J 3x1,5 mm²', ean: '4006381333931', unit: 'm', netPrice: 0.89, vatRate: 19, stock: 250 });

    await user.click(screen.getByRole('button', { name: 'Alle fehlerhaften Zeilen entfernen' }));
    expect(screen.getByRole('button', { name: '4 Zeilen importieren' })).toBeEnabled();
  });

  it('lets the user change delimiter and header row, and waits for the needed columns', async () => {
    const send = vi.fn<(rows: unknown[], dryRun: boolean) => Promise<ImportResult>>().mockResolvedValue(result({ created: 2 }));
    await renderDialog({
      fields: productFields,
      send,
      mappingProblem: (mapping) => (mapping.name === undefined ? 'Bitte die Spalte mit dem Namen wählen.' : null),
    });
    const user = userEvent.setup();
    await upload(fixture('products-pipe-noheader.csv'));
    expect(await screen.findByText('2 Zeilen')).toBeInTheDocument();
    expect(inputValue('Trennzeichen')).toBe('Senkrechter Strich (|)');
    expect(screen.getByRole('checkbox', { name: 'Erste Zeile enthält Spaltennamen' })).not.toBeChecked();
    expect(screen.getByText('Bitte die Spalte mit dem Namen wählen.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zeilen prüfen' })).toBeDisabled();

    await user.click(selectInput('Name'));
    await user.click(await screen.findByRole('option', { name: 'Spalte 1' }));
    expect(screen.queryByText('Bitte die Spalte mit dem Namen wählen.')).not.toBeInTheDocument();

    // Read as comma separated, each line is one column.
    await user.click(selectInput('Trennzeichen'));
    await user.click(await screen.findByRole('option', { name: 'Komma (,)' }));
    expect(within(screen.getByRole('table', { name: 'Anfang der Datei' })).getAllByRole('columnheader')).toHaveLength(1);
  });

  it('refuses empty and oversized files', async () => {
    await renderDialog({ fields: customerFields, send: vi.fn() });
    await upload(new File([''], 'leer.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Die Datei ist leer.')).toBeInTheDocument();
    const big = new File(['x'], 'gross.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    await upload(big);
    expect(await screen.findByText('Die Datei ist größer als 20 MB.')).toBeInTheDocument();
  });
});

describe('customer import through the generated client', { timeout: 40_000 }, () => {
  it('sends the mapped rows as the dry run of Customers/ImportCsv', async () => {
    injectSession({ roles: ['Manager'] });
    const server = serveContract({ customersImportCsv: result({ created: 2, skipped: 1 }) });
    await activateLocale('de');
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <CustomerImportDialog opened onClose={() => {}} />
      </AppProviders>,
    );
    await upload(fixture('customers-utf8-bom.csv'));
    expect(await screen.findByText('3 Zeilen')).toBeInTheDocument();
    expect(inputValue('Zeichenkodierung')).toBe('UTF-8');
    expect(inputValue('Trennzeichen')).toBe('Komma (,)');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Zeilen prüfen' }));
    expect(await screen.findByText('Alle 3 Zeilen können importiert werden.')).toBeInTheDocument();
    const [call] = server.calls();
    expect(call.url.pathname).toBe('/api/Customers/ImportCsv');
    expect(call.request.headers.get('Authorization')).toMatch(/^Bearer /);
    const body = call.body as { dryRun: boolean; rows: unknown[] };
    expect(body.dryRun).toBe(true);
    expect(body.rows[0]).toMatchObject({ sourceLine: 2, externalId: 'C-1', companyName: 'Smith, Jones & Co', country: 'GB', hourlyRate: 75 });
    expect(body.rows[1]).toMatchObject({ firstName: 'Zoë', lastName: 'Ångström', country: 'SE' });
    await waitFor(() => expect(screen.getByRole('button', { name: '3 Zeilen importieren' })).toBeEnabled());
  });
});
