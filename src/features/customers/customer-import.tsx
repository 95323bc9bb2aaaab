/** The CSV import of customers: the fields with their labels, the name rule for the mapping, the calls. */
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { customersImportCsvMutation } from '../../../generated/api/@tanstack/react-query.gen';
import type { CustomerImportRow } from '../../../generated/api/types.gen';
import { CsvImportDialog, type CsvImportField } from '../../components/csv-import/csv-import-dialog';
import { showSuccess } from '../../lib/notifications';
import { customersImported } from './api/cache';
import { customerImportFields, type CustomerImportField } from './import-fields';

export function CustomerImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  // The dialog shows the failures of its calls itself (rows with errors, or a toast).
  const importCsv = useMutation({ ...customersImportCsvMutation(), meta: { silent: true } });
  const fields = useMemo<CsvImportField<CustomerImportField>[]>(() => {
    const labels: Record<CustomerImportField, string> = {
      externalId: t`External id (customer number)`,
      companyName: t`Company name`,
      firstName: t`First name`,
      lastName: t`Last name`,
      street: t`Street and number`,
      zip: t`ZIP code`,
      city: t`City`,
      country: t`Country`,
      phone: t`Phone`,
      email: t`Email`,
      hourlyRate: t`Hourly rate`,
    };
    return customerImportFields.map((field) => ({ ...field, label: labels[field.key] }));
  }, [t]);

  return (
    <CsvImportDialog
      opened={opened}
      onClose={onClose}
      title={t`Import customers from CSV`}
      fields={fields}
      mappingProblem={(mapping) =>
        mapping.companyName === undefined && (mapping.firstName === undefined || mapping.lastName === undefined)
          ? t`Choose the column of the company name, or the columns of first and last name.`
          : null
      }
      describeRow={(values) =>
        String(values.companyName ?? '') || [values.firstName, values.lastName].filter(Boolean).join(' ') || String(values.externalId ?? '')
      }
      send={async (rows, dryRun) => (await importCsv.mutateAsync({ body: { rows: rows as CustomerImportRow[], dryRun } })).data}
      onImported={(result) => {
        void customersImported(queryClient);
        const created = result.created;
        const updated = result.updated;
        showSuccess(t`${created} customers created, ${updated} updated.`);
      }}
    />
  );
}
