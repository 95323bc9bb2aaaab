import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, ScrollArea, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconTrash } from '@tabler/icons-react';
import type { RowIssue } from '../../lib/csv/mapping';
import type { CsvImportDialogProps } from './types';
import type { CsvImport } from './use-csv-import';

const SHOWN_BAD_ROWS = 200;

/** Step 3: what the import would do, and every bad row with its reasons, to be removed. */
export function PreviewStep<K extends string>({
  flow,
  fields,
  describeRow,
}: { flow: CsvImport<K> } & Pick<CsvImportDialogProps<K>, 'fields' | 'describeRow'>) {
  const { t } = useLingui();
  const { counts, rows, setRows, setStep, runImport } = flow;
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

  if (!counts) return null;
  return (
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
                  <Table.Th>{t`Entry`}</Table.Th>
                  <Table.Th>{t`Problem`}</Table.Th>
                  <Table.Th w={50}>
                    <VisuallyHidden>{t`Actions`}</VisuallyHidden>
                  </Table.Th>
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
            {plural(rows.length, { one: 'Import # row', other: 'Import # rows' })}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

export function Count({ label, value, color }: { label: string; value: number; color?: string }) {
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
