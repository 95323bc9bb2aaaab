/**
 * The CSV import dialog, for customers and products alike:
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
import { Alert, Button, Group, Modal, Progress, SimpleGrid, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { FileStep } from './file-step';
import { MappingStep } from './mapping-step';
import { Count, PreviewStep } from './preview-step';
import type { CsvImportDialogProps } from './types';
import { useCsvImport } from './use-csv-import';

export type { CsvImportField } from './types';

export function CsvImportDialog<K extends string>(props: CsvImportDialogProps<K>) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} size="xl" fullScreen={!!phone} closeOnClickOutside={false}>
      {props.opened ? <ImportFlow {...props} /> : null}
    </Modal>
  );
}

function ImportFlow<K extends string>(props: CsvImportDialogProps<K>) {
  const { t } = useLingui();
  const flow = useCsvImport(props);
  const { step, rows, result } = flow;

  const stepIndex = { file: 0, mapping: 1, preview: 2, importing: 3, done: 3 }[step];

  return (
    <Stack gap="md">
      <Stepper active={stepIndex} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t`File`} />
        <Stepper.Step label={t`Columns`} />
        <Stepper.Step label={t`Check`} />
        <Stepper.Step label={t`Import`} />
      </Stepper>

      {step === 'file' ? <FileStep flow={flow} /> : null}
      {step === 'mapping' ? <MappingStep flow={flow} fields={props.fields} mappingProblem={props.mappingProblem} /> : null}
      {step === 'preview' ? <PreviewStep flow={flow} fields={props.fields} describeRow={props.describeRow} /> : null}

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
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" role="group" aria-label={t`Import summary`}>
            <Count label={t`Created`} value={result.created} />
            <Count label={t`Updated`} value={result.updated} />
            <Count label={t`Skipped`} value={result.skipped} />
            <Count label={t`Errors`} value={result.errorCount} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button onClick={props.onClose}>{t`Close`}</Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}

