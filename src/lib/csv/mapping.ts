/**
 * From parsed CSV records to the rows of an import call: which column feeds which field (suggested
 * from the header names, German and English), the cell values converted by the field's kind, and
 * the problems found on the way, per row. The server checks every row again (dry run); its
 * answers are added to the same list of problems by the import dialog.
 */
import type { CsvProblemKind, CsvRecord } from './parse';
import { countryCode, eanCell, normalizeHeader, parseDecimal, parseVatRate } from './values';

type FieldKind = 'text' | 'decimal' | 'vatRate' | 'country' | 'ean';

export interface ImportFieldSpec<K extends string = string> {
  key: K;
  kind: FieldKind;
  /** Longest text the contract accepts. */
  maxLength?: number;
  /** Header names that suggest this field, as `normalizeHeader` writes them, best first. */
  synonyms: readonly string[];
}

/** Field → index of the column that feeds it; a field without a column is left out of the rows. */
export type ColumnMapping<K extends string = string> = Partial<Record<K, number>>;

export type RowIssue =
  | { kind: 'number' | 'country' | 'ean'; field: string }
  | { kind: 'tooLong'; field: string; limit: number }
  | { kind: 'columns'; expected: number; found: number }
  | { kind: 'csv'; problem: CsvProblemKind }
  | { kind: 'server'; field: string | null; message: string };

export type RowValue = string | number | null;

export interface MappedRow<K extends string = string> {
  /** Position in the file's data rows, from 0; stays when other rows are removed. */
  index: number;
  /** Line of the file the row starts on. */
  line: number;
  values: Partial<Record<K, RowValue>>;
  issues: RowIssue[];
}

/**
 * Suggests a column for every field it can: a header equal to one of the field's names first,
 * then a header that starts with or contains one (names of four letters or more). A column feeds
 * at most one field.
 */
export function suggestMapping<K extends string>(headers: string[], fields: readonly ImportFieldSpec<K>[]): ColumnMapping<K> {
  const normalized = headers.map(normalizeHeader);
  const used = new Set<number>();
  const mapping: ColumnMapping<K> = {};
  const tryMatch = (test: (header: string, synonym: string) => boolean) => {
    for (const field of fields) {
      if (mapping[field.key] !== undefined) continue;
      for (const synonym of field.synonyms) {
        const column = normalized.findIndex((h, i) => !used.has(i) && h !== '' && test(h, synonym));
        if (column >= 0) {
          mapping[field.key] = column;
          used.add(column);
          break;
        }
      }
    }
  };
  tryMatch((h, s) => h === s);
  tryMatch((h, s) => s.length >= 4 && h.startsWith(s));
  tryMatch((h, s) => s.length >= 4 && h.includes(s));
  return mapping;
}

/** Whether a header cell names one of the fields (to tell a header row from data). */
export function isKnownHeader(cell: string, fields: readonly ImportFieldSpec[]): boolean {
  const header = normalizeHeader(cell);
  return header !== '' && fields.some((f) => f.synonyms.includes(header));
}

/** The file's records without the header row, and the column names (a header cell, or "Column 1", ...). */
export function splitHeader(records: CsvRecord[], hasHeader: boolean, columnLabel: (n: number) => string) {
  if (hasHeader && records.length > 0) {
    const [head, ...data] = records;
    // The header row says how many columns there are; fuller rows are marked by `buildRows`.
    return { headers: head.cells.map((cell, i) => cell.trim() || columnLabel(i + 1)), data };
  }
  const width = records.reduce((max, r) => Math.max(max, r.cells.length), 0);
  return { headers: Array.from({ length: width }, (_, i) => columnLabel(i + 1)), data: records };
}

/** Converts one cell by its field's kind; `issue` says why it could not be read. */
function convertCell(
  raw: string,
  field: ImportFieldSpec,
  options: { decimalComma: boolean },
): { value: RowValue; issue?: RowIssue } {
  switch (field.kind) {
    case 'decimal': {
      const value = parseDecimal(raw, options);
      return Number.isNaN(value) ? { value: null, issue: { kind: 'number', field: field.key } } : { value };
    }
    case 'vatRate': {
      const value = parseVatRate(raw, options);
      return Number.isNaN(value) ? { value: null, issue: { kind: 'number', field: field.key } } : { value };
    }
    case 'country': {
      const value = countryCode(raw);
      return value === undefined ? { value: null, issue: { kind: 'country', field: field.key } } : { value };
    }
    case 'ean': {
      const value = eanCell(raw);
      if (value === undefined) return { value: null, issue: { kind: 'ean', field: field.key } };
      if (value !== null && field.maxLength && value.length > field.maxLength) {
        return { value: null, issue: { kind: 'ean', field: field.key } };
      }
      return { value };
    }
    default: {
      // Line breaks inside quoted cells as the web writes them, whatever the file used.
      const value = raw.replace(/\r\n?/g, '\n').trim();
      if (field.maxLength && value.length > field.maxLength) {
        return { value: null, issue: { kind: 'tooLong', field: field.key, limit: field.maxLength } };
      }
      return { value: value === '' ? null : value };
    }
  }
}

/**
 * The rows of the import: every data record through the mapping. Problems of the CSV itself
 * (a quote that never closes) and rows with more filled cells than the header has columns are
 * marked on the row.
 */
export function buildRows<K extends string>(
  data: CsvRecord[],
  options: {
    mapping: ColumnMapping<K>;
    fields: readonly ImportFieldSpec<K>[];
    columns: number;
    decimalComma: boolean;
    csvProblems?: { line: number; kind: CsvProblemKind }[];
  },
): MappedRow<K>[] {
  const problemsByLine = new Map<number, CsvProblemKind>();
  for (const p of options.csvProblems ?? []) problemsByLine.set(p.line, p.kind);
  return data.map((record, index) => {
    const issues: RowIssue[] = [];
    const values: Partial<Record<K, RowValue>> = {};
    for (const field of options.fields) {
      const column = options.mapping[field.key];
      if (column === undefined) continue;
      const converted = convertCell(record.cells[column] ?? '', field, options);
      values[field.key] = converted.value;
      if (converted.issue) issues.push(converted.issue);
    }
    const filled = record.cells.reduce((last, cell, i) => (cell.trim() !== '' ? i + 1 : last), 0);
    if (filled > options.columns) issues.push({ kind: 'columns', expected: options.columns, found: filled });
    const problem = problemsByLine.get(record.line);
    if (problem) issues.push({ kind: 'csv', problem });
    return { index, line: record.line, values, issues };
  });
}

/** The body rows of an import call: the mapped values and the file line. */
export function toRequestRows<K extends string>(rows: MappedRow<K>[]): (Partial<Record<K, RowValue>> & { sourceLine: number })[] {
  return rows.map((row) => ({ ...row.values, sourceLine: row.line }));
}
