/**
 * The state of one import: the file as read (encoding, delimiter, header row, detected and
 * changeable), the column mapping, the checked rows and the result, and the steps between them.
 */
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import type { ImportResult } from '../../../generated/api/types.gen';
import { ApiError, toApiError } from '../../lib/api-error';
import { decodeCsv, detectEncoding, type CsvEncoding } from '../../lib/csv/decode';
import {
  buildRows,
  isKnownHeader,
  splitHeader,
  suggestMapping,
  toRequestRows,
  type ColumnMapping,
  type MappedRow,
  type RowIssue,
} from '../../lib/csv/mapping';
import { detectDelimiter, looksLikeHeader, parseCsv, type CsvDelimiter } from '../../lib/csv/parse';
import { notifyError } from '../../lib/query-client';
import type { CsvImportDialogProps } from './types';

const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_ROWS = 20_000;

export type Step = 'file' | 'mapping' | 'preview' | 'importing' | 'done';

interface LoadedFile {
  name: string;
  bytes: Uint8Array;
}

async function readBytes(file: File): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === 'function') return new Uint8Array(await file.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/** Server problems of a refused request (`rows[3].email`, `rows.3.email`) by row position. */
function serverIssuesFrom(error: ApiError): Map<number, RowIssue[]> {
  const out = new Map<number, RowIssue[]>();
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const match = /^rows(?:\[(\d+)\]|\.(\d+))(?:\.(\w+))?$/.exec(key);
    if (!match) continue;
    const position = Number(match[1] ?? match[2]);
    const field = match[3] ?? null;
    const list = out.get(position) ?? [];
    for (const message of messages) list.push({ kind: 'server', field, message });
    out.set(position, list);
  }
  return out;
}

export function useCsvImport<K extends string>({ fields, send, onImported }: Pick<CsvImportDialogProps<K>, 'fields' | 'send' | 'onImported'>) {
  const { t } = useLingui();
  const [step, setStep] = useState<Step>('file');
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [encoding, setEncoding] = useState<CsvEncoding>('utf-8');
  const [delimiter, setDelimiter] = useState<CsvDelimiter>(';');
  const [hasHeader, setHasHeader] = useState(true);
  const [mapping, setMapping] = useState<ColumnMapping<K>>({});
  const [rows, setRows] = useState<MappedRow<K>[]>([]);
  const [counts, setCounts] = useState<Pick<ImportResult, 'created' | 'updated' | 'skipped'> | null>(null);
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);

  const columnLabel = (n: number) => t`Column ${n}`;
  const decimalComma = delimiter !== ',';

  const parsed = useMemo(() => {
    if (!file) return null;
    const { text } = decodeCsv(file.bytes, encoding);
    const { records, problems } = parseCsv(text, delimiter);
    const { headers, data } = splitHeader(records, hasHeader, (n) => t`Column ${n}`);
    return { headers, data, problems };
  }, [file, encoding, delimiter, hasHeader, t]);

  /** Reads a new file: detects encoding, delimiter and header row, suggests the mapping. */
  async function load(chosen: File) {
    setFileError(null);
    if (chosen.size > MAX_FILE_BYTES) {
      setFileError(t`The file is larger than 20 MB.`);
      return;
    }
    const bytes = await readBytes(chosen);
    const detectedEncoding = detectEncoding(bytes);
    const { text } = decodeCsv(bytes, detectedEncoding);
    if (text.trim() === '') {
      setFileError(t`The file is empty.`);
      return;
    }
    const detectedDelimiter = detectDelimiter(text);
    const { records } = parseCsv(text, detectedDelimiter);
    const header = looksLikeHeader(records, (cell) => isKnownHeader(cell, fields));
    const { headers } = splitHeader(records, header, columnLabel);
    setFile({ name: chosen.name, bytes });
    setEncoding(detectedEncoding);
    setDelimiter(detectedDelimiter);
    setHasHeader(header);
    setMapping(header ? suggestMapping(headers, fields) : {});
    setStep('mapping');
  }

  /** Delimiter or header row changed: the columns changed, so suggest again. */
  function reread(next: { delimiter?: CsvDelimiter; hasHeader?: boolean; encoding?: CsvEncoding }) {
    if (!file) return;
    const nextDelimiter = next.delimiter ?? delimiter;
    const nextHeader = next.hasHeader ?? hasHeader;
    const nextEncoding = next.encoding ?? encoding;
    if (next.delimiter !== undefined || next.hasHeader !== undefined) {
      const { records } = parseCsv(decodeCsv(file.bytes, nextEncoding).text, nextDelimiter);
      const { headers } = splitHeader(records, nextHeader, columnLabel);
      setMapping(nextHeader ? suggestMapping(headers, fields) : {});
    }
    setDelimiter(nextDelimiter);
    setHasHeader(nextHeader);
    setEncoding(nextEncoding);
  }

  /** Reads every row, then lets the server check the readable ones (dry run). */
  async function check(candidates: MappedRow<K>[]) {
    setChecking(true);
    try {
      const readable = candidates.filter((r) => r.issues.length === 0);
      let next = candidates;
      let nextCounts = { created: 0, updated: 0, skipped: 0 };
      if (readable.length > 0) {
        try {
          const answer = await send(toRequestRows(readable), true);
          nextCounts = { created: answer.created, updated: answer.updated, skipped: answer.skipped };
          const byPosition = new Map<number, RowIssue[]>();
          for (const e of answer.errors) {
            const list = byPosition.get(e.row - 1) ?? [];
            list.push({ kind: 'server', field: e.field ?? null, message: e.message });
            byPosition.set(e.row - 1, list);
          }
          const serverIssues = new Map(readable.map((row, position) => [row.index, byPosition.get(position) ?? []]));
          next = candidates.map((row) => ({ ...row, issues: [...row.issues, ...(serverIssues.get(row.index) ?? [])] }));
        } catch (error) {
          const apiError = toApiError(error);
          const byPosition = serverIssuesFrom(apiError);
          if (byPosition.size === 0) {
            notifyError(error);
            return;
          }
          const serverIssues = new Map(readable.map((row, position) => [row.index, byPosition.get(position) ?? []]));
          next = candidates.map((row) => ({ ...row, issues: [...row.issues, ...(serverIssues.get(row.index) ?? [])] }));
          nextCounts = { created: 0, updated: 0, skipped: 0 };
        }
      }
      setRows(next);
      setCounts(nextCounts);
      setStep('preview');
    } finally {
      setChecking(false);
    }
  }

  function startCheck() {
    if (!parsed) return;
    const built = buildRows(parsed.data, {
      mapping,
      fields,
      columns: parsed.headers.length,
      decimalComma,
      csvProblems: parsed.problems,
    });
    void check(built);
  }

  async function runImport() {
    setStep('importing');
    try {
      const answer = await send(toRequestRows(rows), false);
      setResult(answer);
      setStep('done');
      onImported(answer);
    } catch (error) {
      // Someone changed data in the meantime, or the server refused rows: show them again.
      if (error instanceof ApiError && serverIssuesFrom(error).size > 0) {
        const byPosition = serverIssuesFrom(error);
        setRows(rows.map((row, position) => ({ ...row, issues: [...row.issues, ...(byPosition.get(position) ?? [])] })));
      } else {
        notifyError(error);
      }
      setStep('preview');
    }
  }

  return {
    step,
    setStep,
    file,
    fileError,
    setFileError,
    encoding,
    delimiter,
    hasHeader,
    mapping,
    setMapping,
    rows,
    setRows,
    counts,
    checking,
    result,
    parsed,
    load,
    reread,
    startCheck,
    runImport,
  };
}

export type CsvImport<K extends string> = ReturnType<typeof useCsvImport<K>>;
