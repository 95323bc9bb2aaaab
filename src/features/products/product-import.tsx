/** The CSV import of products: the fields with their labels, the required columns, the calls. */
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { productsImportCsvMutation } from '../../../generated/api/@tanstack/react-query.gen';
import type { ProductImportRow } from '../../../generated/api/types.gen';
import { CsvImportDialog, type CsvImportField } from '../../components/csv-import/csv-import-dialog';
import { showSuccess } from '../../lib/notifications';
import { productsImported } from './api/cache';
import { productImportFields, type ProductImportField } from './import-fields';

export function ProductImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  // The dialog shows the failures of its calls itself (rows with errors, or a toast).
  const importCsv = useMutation({ ...productsImportCsvMutation(), meta: { silent: true } });
  const fields = useMemo<CsvImportField<ProductImportField>[]>(() => {
    const labels: Record<ProductImportField, string> = {
      name: t`Name`,
      ean: t`EAN`,
      unit: t`Unit`,
      netPrice: t`Net price`,
      vatRate: t`VAT rate`,
      stock: t`Stock`,
    };
    return productImportFields.map((field) => ({ ...field, label: labels[field.key] }));
  }, [t]);

  return (
    <CsvImportDialog
      opened={opened}
      onClose={onClose}
      title={t`Import materials from CSV`}
      fields={fields}
      // New products need name, unit and price (the check says so per row); a file that only
      // updates prices by EAN needs no more than the EAN and the price.
      mappingProblem={(mapping) =>
        mapping.name === undefined && mapping.ean === undefined ? t`Choose the column of the name or of the EAN.` : null
      }
      describeRow={(values) => String(values.name ?? values.ean ?? '')}
      send={async (rows, dryRun) => (await importCsv.mutateAsync({ body: { rows: rows as ProductImportRow[], dryRun } })).data}
      onImported={(result) => {
        void productsImported(queryClient);
        const created = result.created;
        const updated = result.updated;
        showSuccess(t`${created} materials created, ${updated} updated.`);
      }}
    />
  );
}
