/**
 * The CSV import dialog of section 2, for customers and products alike:
 *
 * 1. choose a file (at most 20 MB);
 * 2. check how it is read: encoding (UTF-8 or Windows-1252, detected), delimiter (comma,
 *    semicolon, pipe or colon, detected), header row (detected), and which column feeds which
 *    field (suggested from the header names, German and English);
 * 3. the validation preview: the app reads every row, the server checks the readable ones in a
 *    dry run; every bad row is listed with its reason and must be removed before continuing;
 * 4. the import (one call, one transaction on the server) and its summary: created, updated,
 *    skipped and error rows.
 *
 * The feature gives the fields, their labels and the call (`send`); this component knows nothing
 * of customers or products.
 */
import { useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Progress,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCheck, IconFileSpreadsheet, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import type { ImportResult } from '../../../generated/api/types.gen';
import { ApiError, toApiError } from '../../lib/api-error';
import { csvEncodings, decodeCsv, detectEncoding, type CsvEncoding } from '../../lib/csv/decode';
import {
  buildRows,
  isKnownHeader,
  splitHeader,
  suggestMapping,
  toRequestRows,
  type ColumnMapping,
  type ImportFieldSpec,
  type MappedRow,
  type RowIssue,
  type RowValue,
} from '../../lib/csv/mapping';
import { csvDelimiters, detectDelimiter, looksLikeHeader, parseCsv, type CsvDelimiter } from '../../lib/csv/parse';
import { notifyError } from '../../lib/query-client';

export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_ROWS = 20_000;
const SHOWN_BAD_ROWS = 200;

export interface CsvImportField<K extends string> extends ImportFieldSpec<K> {
  label: string;
}

export type ImportRequestRow<K extends string> = Partial<Record<K, RowValue>> & { sourceLine: number };

export interface CsvImportDialogProps<K extends string> {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  fields: readonly CsvImportField<K>[];
  /** Why the mapping cannot be imported (e.g. no name column), or null. */
  mappingProblem: (mapping: ColumnMapping<K>) => string | null;
  /** What identifies a row in the preview (a name). */
  describeRow: (values: Partial<Record<K, RowValue>>) => string;
  /** The dry run and the import. */
  send: (rows: ImportRequestRow<K>[], dryRun: boolean) => Promise<ImportResult>;
  onImported: (result: ImportResult) => void;
}

type Step = 'file' | 'mapping' | 'preview' | 'importing' | 'done';

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

export function CsvImportDialog<K extends string>(props: CsvImportDialogProps<K>) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} size="xl" fullScreen={!!phone} closeOnClickOutside={false}>
      {props.opened ? <ImportFlow {...props} /> : null}
    </Modal>
  );
}

function ImportFlow<K extends string>({ fields, mappingProblem, describeRow, send, onImported, onClose }: CsvImportDialogProps<K>) {
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

  const problem = mappingProblem(mapping);
  const tooMany = (parsed?.data.length ?? 0) > MAX_ROWS;
  const noRows = parsed !== null && parsed.data.length === 0;

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

  const badRows = rows.filter((r) => r.issues.length > 0);
  const fieldLabel = (key: string | null) => fields.find((f) => f.key === key)?.label ?? key ?? '';

  function issueText(issue: RowIssue): string {
    switch (issue.kind) {
      case 'number': {
        const label = fieldLabel(issue.field);
        return t`${label}: this is not a number.`;
      }
      case 'country':
        return t`Country: unknown country. Use a two-letter code such as DE or the country's name.`;
      case 'ean':
        return t`EAN: the code was changed by a spreadsheet program (e.g. 4,00638E+12) or is too long.`;
      case 'tooLong': {
        const label = fieldLabel(issue.field);
        const limit = issue.limit;
        return t`${label}: at most ${limit} characters.`;
      }
      case 'columns': {
        const found = issue.found;
        const expected = issue.expected;
        return t`The row has ${found} filled cells, the header only ${expected} columns.`;
      }
      case 'csv':
        return issue.problem === 'unclosedQuote' ? t`A quotation mark in this row is not closed.` : t`The row could not be read.`;
      case 'server':
        return issue.field ? `${fieldLabel(issue.field)}: ${issue.message}` : issue.message;
    }
  }

  const stepIndex = { file: 0, mapping: 1, preview: 2, importing: 3, done: 3 }[step];

  return (
    <Stack gap="md">
      <Stepper active={stepIndex} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t`File`} />
        <Stepper.Step label={t`Columns`} />
        <Stepper.Step label={t`Check`} />
        <Stepper.Step label={t`Import`} />
      </Stepper>

      {step === 'file' ? (
        <Stack gap="sm">
          <Dropzone
            onDrop={(files) => files[0] && void load(files[0])}
            onReject={() => setFileError(t`Please choose one CSV file.`)}
            maxFiles={1}
            multiple={false}
            accept={{ 'text/csv': ['.csv'], 'text/plain': ['.txt', '.csv'], 'application/vnd.ms-excel': ['.csv'] }}
            aria-label={t`Choose a CSV file`}
          >
            <Group justify="center" gap="md" mih={140} style={{ pointerEvents: 'none' }}>
              <ThemeIcon size={48} radius="xl" variant="light">
                <IconUpload size={24} />
              </ThemeIcon>
              <Stack gap={2}>
                <Text fw={600}>{t`Drop a CSV file here or click to choose one`}</Text>
                <Text fz="sm" c="dimmed">
                  {t`Comma, semicolon, pipe or colon separated; UTF-8 or Windows-1252 (Excel); up to 20,000 rows.`}
                </Text>
              </Stack>
            </Group>
          </Dropzone>
          {fileError ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
              {fileError}
            </Alert>
          ) : null}
        </Stack>
      ) : null}

      {step === 'mapping' && file && parsed ? (
        <Stack gap="md">
          <Group gap="xs">
            <IconFileSpreadsheet size={18} />
            <Text fw={600}>{file.name}</Text>
            <Badge variant="light">{t`${parsed.data.length} rows`}</Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label={t`Encoding`}
              allowDeselect={false}
              value={encoding}
              onChange={(value) => value && reread({ encoding: value as CsvEncoding })}
              data={csvEncodings.map((value) => ({
                value,
                label: value === 'utf-8' ? 'UTF-8' : value === 'windows-1252' ? t`Windows-1252 (Excel)` : 'UTF-16',
              }))}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label={t`Delimiter`}
              allowDeselect={false}
              value={delimiter}
              onChange={(value) => value && reread({ delimiter: value as CsvDelimiter })}
              data={csvDelimiters.map((value) => ({
                value,
                label: { ';': t`Semicolon (;)`, ',': t`Comma (,)`, '|': t`Pipe (|)`, ':': t`Colon (:)` }[value],
              }))}
              comboboxProps={{ withinPortal: true }}
            />
            <Checkbox
              mt={{ base: 0, sm: 30 }}
              label={t`First row holds column names`}
              checked={hasHeader}
              onChange={(event) => reread({ hasHeader: event.currentTarget.checked })}
            />
          </SimpleGrid>

          <ScrollArea type="auto">
            <Table withTableBorder striped fz="xs" miw={400} aria-label={t`Start of the file`}>
              <Table.Thead>
                <Table.Tr>
                  {parsed.headers.map((header, i) => (
                    <Table.Th key={i}>{header}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {parsed.data.slice(0, 3).map((record) => (
                  <Table.Tr key={record.line}>
                    {parsed.headers.map((_, i) => (
                      <Table.Td key={i} style={{ whiteSpace: 'pre-line' }}>
                        {record.cells[i] ?? ''}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>

          <Text fw={600}>{t`Which column holds what?`}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
            {fields.map((field) => (
              <Select
                key={field.key}
                label={field.label}
                placeholder={t`Not imported`}
                clearable
                value={mapping[field.key] === undefined ? null : String(mapping[field.key])}
                onChange={(value) =>
                  setMapping((current) => {
                    const next = { ...current };
                    if (value === null) delete next[field.key];
                    else {
                      // One column feeds one field: take it away from the field that had it.
                      for (const key of Object.keys(next) as K[]) if (next[key] === Number(value)) delete next[key];
                      next[field.key] = Number(value);
                    }
                    return next;
                  })
                }
                data={parsed.headers.map((header, i) => ({ value: String(i), label: header }))}
                comboboxProps={{ withinPortal: true }}
              />
            ))}
          </SimpleGrid>
          {problem ? <Alert color="yellow">{problem}</Alert> : null}
          {tooMany ? (
            <Alert color="red" role="alert">
              {t`The file has more than 20,000 rows. Please split it into several files.`}
            </Alert>
          ) : null}
          {noRows ? <Alert color="yellow">{t`The file has no rows to import.`}</Alert> : null}
          <Group justify="space-between">
            <Button variant="default" onClick={() => setStep('file')}>
              {t`Other file`}
            </Button>
            <Button onClick={startCheck} loading={checking} disabled={!!problem || tooMany || noRows}>
              {t`Check rows`}
            </Button>
          </Group>
        </Stack>
      ) : null}

      {step === 'preview' && counts ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Count label={t`New`} value={counts.created} />
            <Count label={t`Changed`} value={counts.updated} />
            <Count label={t`Unchanged`} value={counts.skipped} />
            <Count label={t`With errors`} value={badRows.length} color={badRows.length ? 'red' : undefined} />
          </SimpleGrid>
          {badRows.length > 0 ? (
            <>
              <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
                {t`Remove every row with errors to continue, or correct the file and choose it again.`}
              </Alert>
              <ScrollArea.Autosize mah={320} type="auto">
                <Table withTableBorder fz="sm" aria-label={t`Rows with errors`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={70}>{t`Line`}</Table.Th>
                      <Table.Th>{t`Row`}</Table.Th>
                      <Table.Th>{t`Problem`}</Table.Th>
                      <Table.Th w={50} />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {badRows.slice(0, SHOWN_BAD_ROWS).map((row) => {
                      const name = describeRow(row.values) || '–';
                      const line = row.line;
                      return (
                        <Table.Tr key={row.index}>
                          <Table.Td>{row.line}</Table.Td>
                          <Table.Td>{name}</Table.Td>
                          <Table.Td>
                            <Stack gap={2}>
                              {row.issues.map((issue, i) => (
                                <Text key={i} fz="sm" c="red">
                                  {issueText(issue)}
                                </Text>
                              ))}
                            </Stack>
                          </Table.Td>
                          <Table.Td>
                            <Button
                              variant="subtle"
                              color="red"
                              size="compact-sm"
                              aria-label={t`Remove line ${line}`}
                              onClick={() => setRows((current) => current.filter((r) => r.index !== row.index))}
                            >
                              <IconTrash size={16} />
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
              {badRows.length > SHOWN_BAD_ROWS ? (
                <Text fz="sm" c="dimmed">
                  {(() => {
                    const more = badRows.length - SHOWN_BAD_ROWS;
                    return t`and ${more} more rows with errors`;
                  })()}
                </Text>
              ) : null}
            </>
          ) : (
            <Alert color="emerald" icon={<IconCheck size={18} />}>
              {(() => {
                const total = rows.length;
                return t`All ${total} rows can be imported.`;
              })()}
            </Alert>
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={() => setStep('mapping')}>
              {t`Back`}
            </Button>
            <Group gap="sm">
              {badRows.length > 0 ? (
                <Button
                  variant="light"
                  color="red"
                  onClick={() => setRows((current) => current.filter((r) => r.issues.length === 0))}
                >
                  {t`Remove all rows with errors`}
                </Button>
              ) : null}
              <Button onClick={() => void runImport()} disabled={badRows.length > 0 || rows.length === 0}>
                {(() => {
                  const total = rows.length;
                  return t`Import ${total} rows`;
                })()}
              </Button>
            </Group>
          </Group>
        </Stack>
      ) : null}

      {step === 'importing' ? (
        <Stack gap="xs" py="md">
          <Text>
            {(() => {
              const total = rows.length;
              return t`Importing ${total} rows…`;
            })()}
          </Text>
          <Progress value={100} animated striped aria-label={t`Import in progress`} />
        </Stack>
      ) : null}

      {step === 'done' && result ? (
        <Stack gap="md">
          <Alert color="emerald" icon={<IconCheck size={18} />} title={t`Import finished`}>
            {t`The rows were imported.`}
          </Alert>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label={t`Import summary`}>
            <Count label={t`Created`} value={result.created} />
            <Count label={t`Updated`} value={result.updated} />
            <Count label={t`Skipped`} value={result.skipped} />
            <Count label={t`Errors`} value={result.errorCount} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t`Close`}</Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}

function Count({ label, value, color }: { label: string; value: number; color?: string }) {
  const { i18n } = useLingui();
  return (
    <Stack gap={0} p="sm" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700} c={color} data-testid={`count-${label}`}>
        {i18n.number(value)}
      </Text>
    </Stack>
  );
}
