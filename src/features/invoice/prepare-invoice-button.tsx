/**
 * "Prepare invoice" on the customer's page, in the library and on an activity: the button, and
 * which of the entries chosen in a list an invoice takes. The dialog itself (preview, formats,
 * e-invoices, lexoffice) loads once the screen is idle, not with its first paint.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Tooltip } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { CustomerActivity } from '../../../generated/api/types.gen';
import type { DayRange } from '../../lib/periods';
import { useIsBackOffice } from '../../lib/session';
import { useIdlePreload } from '../../lib/use-lazy-dialog';

const loadInvoiceDialog = () => import('./invoice-dialog');
const InvoiceDialog = lazy(() => import('./invoice-dialog').then((module) => ({ default: module.InvoiceDialog })));

/** Entries chosen in a list: information entries and time tracks of one customer. */
export interface InvoiceSelection {
  customerId: string;
  informationIds: string[];
  timeTrackIds: string[];
  /** The service period: the days of the chosen entries. */
  range: DayRange;
}

const BILLABLE_INFORMATION = new Set<CustomerActivity['kind']>(['material', 'timeEntry']);

const day = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The billable part of a list selection (open times and materials), or why there is none. */
export function selectionOf(items: CustomerActivity[]): InvoiceSelection | 'empty' | 'none' | 'billed' | 'severalCustomers' {
  if (items.length === 0) return 'empty';
  const kinds = items.filter((i) => i.kind === 'time' || BILLABLE_INFORMATION.has(i.kind));
  if (kinds.length === 0) return 'none';
  // Invoiced, processed or archived entries are billed already: the server would refuse them.
  const billable = kinds.filter((i) => !i.invoice && !i.processed && !i.archived);
  if (billable.length === 0) return 'billed';
  const customers = new Set(billable.map((i) => i.customerId));
  if (customers.size > 1) return 'severalCustomers';
  const days = billable.map((i) => day(i.occurredAtUtc)).sort();
  return {
    customerId: billable[0].customerId,
    informationIds: billable.filter((i) => BILLABLE_INFORMATION.has(i.kind)).map((i) => i.id),
    timeTrackIds: billable.filter((i) => i.kind === 'time').map((i) => i.id),
    range: { from: days[0], to: days[days.length - 1] },
  };
}

export function PrepareInvoiceButton({
  customerId,
  selected,
  onMarked,
  size = 'sm',
}: {
  customerId?: string;
  /** Entries chosen in the list; when given, the invoice takes exactly the billable ones. */
  selected?: CustomerActivity[];
  onMarked: (queryClient: QueryClient) => Promise<unknown>;
  size?: 'xs' | 'sm';
}) {
  const { t } = useLingui();
  const backOffice = useIsBackOffice();
  const [opened, setOpened] = useState(false);
  useIdlePreload(backOffice ? loadInvoiceDialog : undefined);
  if (!backOffice) return null;
  const selection = selected ? selectionOf(selected) : undefined;
  const blocked =
    selection === 'empty'
      ? t`No activities selected.`
      : selection === 'none'
        ? t`The selection holds no times or materials.`
        : selection === 'billed'
          ? t`The selected times and materials are billed or processed already.`
          : selection === 'severalCustomers'
          ? t`Select entries of one customer only.`
          : null;
  const button = (
    <Button size={size} variant={selected ? 'filled' : 'default'} leftSection={<IconFileInvoice size={16} />} disabled={!!blocked} onClick={() => setOpened(true)}>
      <Trans>Prepare invoice</Trans>
    </Button>
  );
  return (
    <>
      {blocked ? (
        <Tooltip label={blocked}>
          <span>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
      {opened ? (
        <Suspense fallback={null}>
          <InvoiceDialog
            onClose={() => setOpened(false)}
            customerId={typeof selection === 'object' ? selection.customerId : customerId}
            selection={typeof selection === 'object' ? selection : undefined}
            onMarked={onMarked}
          />
        </Suspense>
      ) : null}
    </>
  );
}
