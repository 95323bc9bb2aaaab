/**
 * Tables exported from the browser (working time, the library report): CSV with `;`, CRLF and a
 * BOM so Excel reads umlauts, numbers with a decimal comma when the UI is German; XLSX through
 * exceljs, loaded only when asked for, with number cells as numbers. Text cells go through
 * `neutralise`, so no cell runs as a formula; a formatted number cannot hold one.
 */
import { csvField, neutralise } from '../../common/spreadsheet-cells';

export type Cell = string | number | null;

export interface ExportColumn {
  header: string;
  /** A number column: formatted per language in CSV, a number cell in XLSX. */
  numeric?: boolean;
  /** Fixed decimals of a number column (hours as 7.50); left out, the number as it is. */
  decimals?: number;
  width?: number;
}

export interface ExportTable {
  columns: ExportColumn[];
  rows: Cell[][];
}

function formatNumber(value: number, column: ExportColumn, language: 'de' | 'en'): string {
  const text = column.decimals === undefined ? String(value) : value.toFixed(column.decimals);
  return language === 'de' ? text.replace('.', ',') : text;
}

const isNumberCell = (cell: Cell, column: ExportColumn | undefined): cell is number => typeof cell === 'number' && !!column?.numeric;

/** The table as CSV text: header row, `;` between cells, CRLF between rows, with a BOM. */
export function toCsv(table: ExportTable, language: 'de' | 'en'): string {
  const lines = [table.columns.map((c) => csvField(neutralise(c.header))).join(';')];
  for (const row of table.rows) {
    lines.push(
      row
        .map((cell, i) => {
          if (cell === null || cell === undefined) return '';
          if (isNumberCell(cell, table.columns[i])) return formatNumber(cell, table.columns[i], language);
          return csvField(neutralise(String(cell)));
        })
        .join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

type ExcelJs = typeof import('exceljs');
let excelLoading: Promise<ExcelJs> | undefined;

/**
 * exceljs (about 250 KiB gzip), loaded once. An XLSX button asks for it when the pointer or the
 * focus reaches it and at the click, so it downloads while the rows are loaded, not after.
 */
export function loadExcel(): Promise<ExcelJs> {
  // The browser build of exceljs is a UMD bundle: depending on the bundler it arrives as the module or as its default.
  excelLoading ??= import('exceljs').then(
    (loaded) => (loaded as ExcelJs & { default?: ExcelJs }).default ?? (loaded as ExcelJs),
    (error: unknown) => {
      // A failed download (offline) is tried again at the next click.
      excelLoading = undefined;
      throw error;
    },
  );
  return excelLoading;
}

/** The table as an XLSX workbook with one sheet, the header row bold and frozen. */
export async function toXlsx(table: ExportTable, sheetName: string): Promise<Blob> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Fieldbook';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '));
  sheet.columns = table.columns.map((c) => ({ header: neutralise(c.header), width: c.width ?? (c.numeric ? 12 : 22) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) {
    sheet.addRow(row.map((cell, i) => (cell === null ? null : isNumberCell(cell, table.columns[i]) ? cell : neutralise(String(cell)))));
  }
  table.columns.forEach((c, i) => {
    if (c.numeric && c.decimals !== undefined) sheet.getColumn(i + 1).numFmt = c.decimals > 0 ? `0.${'0'.repeat(c.decimals)}` : '0';
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
