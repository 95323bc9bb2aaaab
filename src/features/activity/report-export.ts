/**
 * CSV and XLSX of the shown report, written in the browser like the working-time exports: CSV with
 * `;`, CRLF and a BOM (German decimal comma when the UI is German), XLSX through exceljs loaded only
 * when asked for. Text cells go through `neutralise`, so no cell runs as a formula.
 */
import { csvField, neutralise } from '../../lib/spreadsheet-cells';
import type { ReportTable } from './report';

export function reportCsv(table: ReportTable, language: 'de' | 'en'): string {
  const number = (value: number) => (language === 'de' ? String(value).replace('.', ',') : String(value));
  const lines = [table.columns.map((c) => csvField(neutralise(c.header))).join(';')];
  for (const row of table.rows) {
    lines.push(
      row
        .map((cell, i) => {
          if (cell === null || cell === undefined) return '';
          if (typeof cell === 'number' && table.columns[i]?.numeric) return number(cell);
          return csvField(neutralise(String(cell)));
        })
        .join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function reportXlsx(table: ReportTable, sheetName: string): Promise<Blob> {
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
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** Lets the browser save a file. */
export function saveFile(content: Blob | string, fileName: string) {
  const blob = typeof content === 'string' ? new Blob([content], { type: 'text/csv;charset=utf-8' }) : content;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
