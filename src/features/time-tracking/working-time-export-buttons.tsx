/** Export of exactly what a working-time overview shows, as CSV or XLSX. */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { showError } from '../../lib/notifications';
import { download, toCsv, toXlsx } from '../../lib/table-export';
import { workingTimeTable, type MemberGroups } from './working-time-export';

export function ExportButtons({ onCsv, onXlsx, disabled }: { onCsv: () => void; onXlsx: () => Promise<void>; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  return (
    <Group gap="xs">
      <Button variant="default" size="xs" leftSection={<IconFileTypeCsv size={16} />} disabled={disabled} onClick={onCsv}>
        <Trans>Export CSV</Trans>
      </Button>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconFileSpreadsheet size={16} />}
        disabled={disabled}
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await onXlsx();
          } finally {
            setBusy(false);
          }
        }}
      >
        <Trans>Export XLSX</Trans>
      </Button>
    </Group>
  );
}

export function useExport(members: () => MemberGroups[], baseName: string, includeEmpty: boolean) {
  const { t, i18n } = useLingui();
  const language = i18n.locale === 'en' ? 'en' : 'de';
  return {
    csv: () => download(toCsv(workingTimeTable(i18n, members(), { includeEmpty }), language), `${baseName}.csv`),
    xlsx: async () => {
      try {
        download(await toXlsx(workingTimeTable(i18n, members(), { includeEmpty }), t`Working time`), `${baseName}.xlsx`);
      } catch {
        showError(t`The export failed.`);
      }
    },
  };
}

export const fileSafe = (text: string) => text.normalize('NFKD').replace(/[^\w.@-]+/g, '_').slice(0, 60);
