/**
 * "Export CSV" and "Export XLSX" of the table a screen shows. The table is built when a button is
 * pressed (it may load more than is shown), the pressed button shows its progress, and a failure
 * says so in a toast.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, type GroupProps } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { showError } from '../lib/notifications';
import { download } from '../lib/download';
import { loadExcel, toCsv, toXlsx, type ExportTable } from '../lib/table-export';

interface TableExportButtonsProps extends Omit<GroupProps, 'children'> {
  /** Built when a button is pressed; may load what the screen does not show (all pages). */
  table: () => ExportTable | Promise<ExportTable>;
  /** The file name without its extension. */
  fileName: string;
  sheetName: string;
  disabled: boolean;
}

export function TableExportButtons({ table, fileName, sheetName, disabled, ...group }: TableExportButtonsProps) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const run = async (format: 'csv' | 'xlsx', write: () => Promise<void>) => {
    setBusy(format);
    try {
      await write();
    } catch {
      showError(t`The export failed.`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs" {...group}>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconFileTypeCsv size={16} />}
        disabled={disabled || busy !== null}
        loading={busy === 'csv'}
        onClick={() => run('csv', async () => download(toCsv(await table(), i18n.locale === 'en' ? 'en' : 'de'), `${fileName}.csv`))}
      >
        <Trans>Export CSV</Trans>
      </Button>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconFileSpreadsheet size={16} />}
        disabled={disabled || busy !== null}
        loading={busy === 'xlsx'}
        // The workbook library downloads beside the rows: asked for on approach and at the click.
        onPointerEnter={() => void loadExcel().catch(() => undefined)}
        onFocus={() => void loadExcel().catch(() => undefined)}
        onClick={() =>
          run('xlsx', async () => {
            const [rows] = await Promise.all([table(), loadExcel()]);
            download(await toXlsx(rows, sheetName), `${fileName}.xlsx`);
          })
        }
      >
        <Trans>Export XLSX</Trans>
      </Button>
    </Group>
  );
}

/** A file name made of plain letters, digits and `._@-`, at most 60 characters. */
export const fileSafe = (text: string) => text.normalize('NFKD').replace(/[^\w.@-]+/g, '_').slice(0, 60);
