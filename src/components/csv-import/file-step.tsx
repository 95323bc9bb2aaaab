import { useLingui } from '@lingui/react/macro';
import { Alert, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
// The drop zone's styles load with the import dialog, not with every screen.
import '@mantine/dropzone/styles.css';
import { IconAlertTriangle, IconUpload } from '@tabler/icons-react';
import type { CsvImport } from './use-csv-import';

/** Step 1: choose the file. */
export function FileStep<K extends string>({ flow }: { flow: CsvImport<K> }) {
  const { t } = useLingui();
  const { load, fileError, setFileError } = flow;
  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={(files) => files[0] && void load(files[0])}
        onReject={() => setFileError(t`Please choose one CSV file.`)}
        maxFiles={1}
        multiple={false}
        accept={{ 'text/csv': ['.csv'], 'text/plain': ['.txt', '.csv'], 'application/vnd.ms-excel': ['.csv'] }}
        aria-label={t`Choose a CSV file`}
        // A button to assistive technology (Enter or Space opens the file chooser), focused when the dialog opens.
        role="button"
        data-autofocus
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
  );
}
