/**
 * How the register shows an invoice's state: a coloured badge per payment status (open, partly
 * paid, paid, overdue, cancelled), the mark of a cancellation invoice (credit note), the names of
 * payment methods and reminder levels, and calendar days (the contract's `YYYY-MM-DD`) in the
 * user's language. Small on purpose: the dashboard's overdue card loads it, not the dialogs.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import type { IssuedInvoiceKind, IssuedInvoiceStatus, PaymentMethod } from '../../../generated/api/types.gen';
import { formatDate } from '../../lib/format';

const statusColors: Record<IssuedInvoiceStatus, string> = {
  open: 'blue',
  partlyPaid: 'yellow',
  paid: 'teal',
  overdue: 'red',
  cancelled: 'gray',
};

/** The statuses' names (a select's options need them as text). */
export const statusMessages: Record<IssuedInvoiceStatus, MessageDescriptor> = {
  open: msg`Open`,
  partlyPaid: msg`Partly paid`,
  paid: msg`Paid`,
  overdue: msg`Overdue`,
  cancelled: msg`Cancelled`,
};

export function StatusBadge({ status }: { status: IssuedInvoiceStatus | null }) {
  const { i18n } = useLingui();
  if (!status) {
    return (
      <Badge variant="outline" color="gray" style={{ flexShrink: 0 }}>
        <Trans>In lexoffice</Trans>
      </Badge>
    );
  }
  return (
    <Badge variant="light" color={statusColors[status]} style={{ flexShrink: 0 }} data-status={status}>
      {i18n._(statusMessages[status])}
    </Badge>
  );
}

export function KindBadge({ kind }: { kind: IssuedInvoiceKind }) {
  if (kind !== 'cancellation') return null;
  return (
    <Badge size="sm" variant="outline" color="grape" style={{ flexShrink: 0 }}>
      <Trans>Credit note</Trans>
    </Badge>
  );
}

/** The name of a payment method. */
export function usePaymentMethodLabel() {
  const { t } = useLingui();
  return (method: PaymentMethod) =>
    ({ transfer: t`Bank transfer`, cash: t`Cash`, card: t`Card`, directDebit: t`Direct debit`, other: t`Other` })[method];
}

/** The name of a reminder level: 0 the payment reminder, 1 and 2 the dunning letters. */
export function useReminderName() {
  const { t } = useLingui();
  return (level: number) => (level === 0 ? t`Payment reminder` : level === 1 ? t`1st dunning letter` : t`2nd dunning letter`);
}

/** A calendar day of the contract, at noon so no time zone moves it to the day before. */
export function formatDay(day: string | null | undefined): string {
  return day ? formatDate(`${day}T12:00:00`) : '–';
}
