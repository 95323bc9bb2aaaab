/**
 * The invoice register (/invoicelist, Owner, Admin and Manager): the issued invoices and
 * cancellations, newest first, with number, customer, date, due date, gross and payment status;
 * filters for status, kind, customer and period and a search over number and customer, all in the
 * URL. A table on wide screens, one card per invoice on phones. Invoices created in lexoffice
 * link to lexoffice; every other number opens the invoice's page.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Select, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconFileInvoice, IconFileSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { customersGetAllOptions, customersGetOptions, invoiceListIssuedOptions } from '../../../generated/api/@tanstack/react-query.gen';
import type { IssuedInvoiceSummary } from '../../../generated/api/types.gen';
import { ListScreen, type ListColumn } from '../../components/data-list/list-screen';
import { PeriodFilter } from '../../components/period-filter';
import { AnchorLink } from '../../components/router-links';
import { TABULAR, formatMoney } from '../../lib/format';
import type { PeriodPreset } from '../../lib/periods';
import { KindBadge, StatusBadge, formatDay, statusMessages } from './invoice-status';
import { registerKinds, registerQuery, registerStatuses, type RegisterSearch } from './register-search';

function InvoiceNumber({ invoice }: { invoice: IssuedInvoiceSummary }) {
  const { t } = useLingui();
  const number = invoice.number ?? t`Draft`;
  return (
    <Group gap={6} wrap="nowrap">
      {invoice.source === 'lexoffice' ? (
        invoice.externalUrl ? (
          <Anchor href={invoice.externalUrl} target="_blank" rel="noopener noreferrer" fw={600} style={{ whiteSpace: 'nowrap' }}>
            <Group gap={4} wrap="nowrap" component="span">
              {number}
              <IconExternalLink size={14} aria-label={t`opens lexoffice`} />
            </Group>
          </Anchor>
        ) : (
          <Text fw={600}>{number}</Text>
        )
      ) : (
        <AnchorLink to="/invoice/$id" params={{ id: invoice.id }} fw={600} style={{ whiteSpace: 'nowrap' }}>
          {number}
        </AnchorLink>
      )}
      <KindBadge kind={invoice.kind} />
    </Group>
  );
}

function Customer({ invoice }: { invoice: IssuedInvoiceSummary }) {
  return (
    <AnchorLink to="/customer/$id" params={{ id: invoice.customerId }}>
      {invoice.customerName}
    </AnchorLink>
  );
}

const money = (value: number) => (
  <Text component="span" style={{ whiteSpace: 'nowrap', ...TABULAR }}>
    {formatMoney(value)}
  </Text>
);

function InvoiceCard({ invoice }: { invoice: IssuedInvoiceSummary }) {
  return (
    <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <InvoiceNumber invoice={invoice} />
        <StatusBadge status={invoice.status} />
      </Group>
      <Text fz="sm" truncate>
        <Customer invoice={invoice} />
      </Text>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fz="sm" c="dimmed">
          {formatDay(invoice.invoiceDate)}
          {invoice.dueDate ? ` · ` : ''}
          {invoice.dueDate ? <Trans>due {formatDay(invoice.dueDate)}</Trans> : null}
        </Text>
        <Text fz="sm" fw={600}>
          {money(invoice.gross)}
        </Text>
      </Group>
    </Stack>
  );
}

/** The customer filter: the firm's customers by name, searchable; the chosen one even beyond the first hundred. */
function CustomerFilter({ value, onChange }: { value?: string; onChange: (id: string | undefined) => void }) {
  const { t } = useLingui();
  const customers = useQuery({
    ...customersGetAllOptions({ query: { page: 1, pageSize: 100, orderBy: 'displayName', isDescending: false, includeArchived: true } }),
    staleTime: 60_000,
  });
  const chosen = useQuery({ ...customersGetOptions({ query: { id: value ?? '' } }), enabled: !!value, meta: { silent: true }, retry: false });
  const items = customers.data?.data.items ?? [];
  const data = items.map((c) => ({ value: c.id, label: c.displayName }));
  const extra = chosen.data?.data;
  if (extra && !data.some((d) => d.value === extra.id)) data.unshift({ value: extra.id, label: extra.displayName });
  return (
    <Select
      aria-label={t`Customer`}
      placeholder={t`All customers`}
      w={220}
      searchable
      clearable
      data={data}
      value={value ?? null}
      onChange={(id) => onChange(id ?? undefined)}
      nothingFoundMessage={t`No customer matches`}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function RegisterScreen({
  search,
  onSearch,
  headerActions,
}: {
  search: RegisterSearch;
  onSearch: (patch: Partial<RegisterSearch>) => void;
  /** More header buttons the route adds for who may use them (the DATEV export). */
  headerActions?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const query = registerQuery(search);
  const list = useQuery({ ...invoiceListIssuedOptions({ query }), placeholderData: keepPreviousData });

  const columns: ListColumn<IssuedInvoiceSummary, never>[] = [
    { header: <Trans>Number</Trans>, cell: (invoice) => <InvoiceNumber invoice={invoice} /> },
    { header: <Trans>Customer</Trans>, cell: (invoice) => <Customer invoice={invoice} /> },
    { header: <Trans>Date</Trans>, width: 120, cell: (invoice) => formatDay(invoice.invoiceDate) },
    { header: <Trans>Due</Trans>, width: 120, cell: (invoice) => formatDay(invoice.dueDate) },
    { header: <Trans>Gross</Trans>, width: 130, cell: (invoice) => money(invoice.gross), cellProps: { ta: 'right' } },
    { header: <Trans>Status</Trans>, width: 130, cell: (invoice) => <StatusBadge status={invoice.status} /> },
  ];
  const statusLabels = registerStatuses.map((status) => ({ value: status, label: i18n._(statusMessages[status]) }));
  const kindLabels = registerKinds.map((kind) => ({ value: kind, label: kind === 'invoice' ? t`Invoices` : t`Credit notes` }));
  const filtered = !!(search.status || search.kind || search.customerId || (search.period && search.period !== 'all'));

  return (
    <ListScreen
      title={<Trans>Invoices</Trans>}
      description={<Trans>Every invoice and credit note issued, with its payment status.</Trans>}
      headerActions={headerActions}
      query={{ page: query.page, pageSize: query.pageSize, filter: query.filter, orderBy: 'invoiceDate', isDescending: true, includeArchived: false }}
      onSearch={onSearch}
      list={list}
      columns={columns}
      card={(invoice) => <InvoiceCard invoice={invoice} />}
      withoutArchived
      filtered={filtered}
      toolbar={
        <>
          <Select
            aria-label={t`Status`}
            placeholder={t`Every status`}
            w={160}
            clearable
            data={statusLabels}
            value={search.status ?? null}
            onChange={(status) => onSearch({ status: (status as RegisterSearch['status']) ?? undefined, page: 1 })}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            aria-label={t`Kind`}
            placeholder={t`Invoices and credit notes`}
            w={240}
            clearable
            data={kindLabels}
            value={search.kind ?? null}
            onChange={(kind) => onSearch({ kind: (kind as RegisterSearch['kind']) ?? undefined, page: 1 })}
            comboboxProps={{ withinPortal: true }}
          />
          <CustomerFilter value={search.customerId} onChange={(customerId) => onSearch({ customerId, page: 1 })} />
          <PeriodFilter
            period={search.period}
            from={search.from}
            to={search.to}
            onChange={(value: { period: PeriodPreset; from?: string; to?: string }) =>
              onSearch({ period: value.period === 'all' ? undefined : value.period, from: value.from, to: value.to, page: 1 })
            }
          />
        </>
      }
      filterPlaceholder={t`Number or customer`}
      label={t`Invoices`}
      loadingLabel={t`Loading invoices`}
      loadFailed={<Trans>The invoices could not be loaded</Trans>}
      empty={{
        icon: IconFileInvoice,
        title: <Trans>No invoices issued yet</Trans>,
        text: (
          <Trans>
            Issue an invoice from a customer's open entries ("Prepare invoice", then "Issue invoice"): it is kept here with
            its number, documents and payments.
          </Trans>
        ),
      }}
      noMatch={{
        icon: IconFileSearch,
        title: <Trans>No invoice matches</Trans>,
        text: <Trans>Try another search, status, customer or period.</Trans>,
      }}
    />
  );
}
