/**
 * Payroll exports of the shown period, made in the browser from the data on screen: CSV
 * (semicolon, UTF-8 with BOM so Excel reads umlauts; German number format when the UI is German)
 * and XLSX (exceljs, loaded only when needed).
 *
 * Text cells that begin with `=`, `+`, `-`, `@`, tab or carriage return are neutralised with a
 * leading apostrophe, so a spreadsheet never runs them as formulas. Number cells are
 * written as numbers and need no such guard: a formatted number cannot hold a formula.
 */

import { csvField, neutralise } from '../../lib/spreadsheet-cells';

// Kept here for the export's callers and tests; the rule lives in lib/spreadsheet-cells.
export { neutralise };

export type Cell = string | number | null;

interface ExportColumn {
  header: string;
  /** Number columns: decimal hours and the like; formatted per language in CSV, numeric in XLSX. */
  numeric?: boolean;
  width?: number;
}

export interface ExportTable {
  columns: ExportColumn[];
  rows: Cell[][];
}

function formatNumber(value: number, language: 'de' | 'en'): string {
  const fixed = value.toFixed(2);
  return language === 'de' ? fixed.replace('.', ',') : fixed;
}

/** The table as CSV text: header row, `;` between cells, CRLF between rows, with a BOM. */
export function toCsv(table: ExportTable, language: 'de' | 'en'): string {
  const lines = [table.columns.map((c) => csvField(neutralise(c.header))).join(';')];
  for (const row of table.rows) {
    lines.push(
      row
        .map((cell, i) => {
          if (cell === null || cell === undefined) return '';
          if (typeof cell === 'number' && table.columns[i]?.numeric) return formatNumber(cell, language);
          return csvField(neutralise(String(cell)));
        })
        .join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The table as an XLSX workbook with one sheet. */
export async function toXlsx(table: ExportTable, sheetName: string): Promise<Blob> {
  // The browser build of exceljs is a UMD bundle: depending on the bundler it arrives as the module or as its default.
  const loaded = (await import('exceljs')) as typeof import('exceljs') & { default?: typeof import('exceljs') };
  const ExcelJS = loaded.default ?? loaded;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Fieldbook';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '));
  sheet.columns = table.columns.map((c) => ({ header: neutralise(c.header), width: c.width ?? (c.numeric ? 12 : 22) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) {
    sheet.addRow(row.map((cell, i) => (cell === null ? null : typeof cell === 'number' && table.columns[i]?.numeric ? cell : neutralise(String(cell)))));
  }
  table.columns.forEach((c, i) => {
    if (c.numeric) sheet.getColumn(i + 1).numFmt = '0.00';
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** Lets the browser save a file. */
export function download(content: Blob | string, fileName: string, type = 'text/csv;charset=utf-8') {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
