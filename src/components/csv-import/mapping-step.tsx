import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Checkbox, Group, ScrollArea, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { csvEncodings, type CsvEncoding } from '../../lib/csv/decode';
import { csvDelimiters, type CsvDelimiter } from '../../lib/csv/parse';
import type { CsvImportDialogProps } from './types';
import { MAX_ROWS, type CsvImport } from './use-csv-import';

/** Step 2: how the file is read, its first rows, and which column feeds which field. */
export function MappingStep<K extends string>({
  flow,
  fields,
  mappingProblem,
}: { flow: CsvImport<K> } & Pick<CsvImportDialogProps<K>, 'fields' | 'mappingProblem'>) {
  const { t } = useLingui();
  const { file, parsed, encoding, delimiter, hasHeader, reread, mapping, setMapping, setStep, startCheck, checking } = flow;
  if (!file || !parsed) return null;
  const problem = mappingProblem(mapping);
  const tooMany = parsed.data.length > MAX_ROWS;
  const noRows = parsed.data.length === 0;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <IconFileSpreadsheet size={18} />
        <Text fw={600}>{file.name}</Text>
        <Badge variant="light">{plural(parsed.data.length, { one: '# row', other: '# rows' })}</Badge>
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
  );
}
