/**
 * The library's report for the back office: one entry kind (material, time, note) of all
 * customers in a period as a table, with the totals of the whole period from the server (quantity
 * per product, hours of time) and the export of every row as CSV and XLSX. Kind, period, processed state and page live in the URL.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, SegmentedControl, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconReportAnalytics } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { informationReportingOptions } from '../../../generated/api/@tanstack/react-query.gen';
import type { Information, InformationReportTotals } from '../../../generated/api/types.gen';
import { ListFooter } from '../../components/data-list/list-footer';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { formatNumber } from '../../lib/format';

import { PeriodFilter } from '../../components/period-filter';
import {
  allReportRows,
  formatHoursMinutes,
  formatReportDay,
  materialName,
  REPORT_DEFAULT_KIND,
  REPORT_DEFAULT_PERIOD,
  reportFileName,
  reportQuery,
  reportTable,
} from './report';
import { reportKinds, type ProcessedState, type ReportKind, type ReportSearch } from './report-search';
import { TableExportButtons } from '../../components/table-export-buttons';

type OnSearch = (patch: Partial<ReportSearch>) => void;

export function ReportScreen({ search, onSearch, viewSwitch }: { search: ReportSearch; onSearch: OnSearch; viewSwitch: ReactNode }) {
  return (
    <>
      <PageHeader
        title={<Trans>Report</Trans>}
        description={<Trans>One kind of entry of all customers in a period, with totals, for billing and payroll.</Trans>}
        actions={viewSwitch}
      />
      <ReportView search={search} onSearch={onSearch} />
    </>
  );
}

export function ReportView({ search, onSearch }: { search: ReportSearch; onSearch: OnSearch }) {
  const { t, i18n } = useLingui();
  const kind = search.subType ?? REPORT_DEFAULT_KIND;
  const change = (patch: Partial<ReportSearch>) => onSearch({ ...patch, page: undefined });
  const query = reportQuery(search);
  const report = useQuery({ ...informationReportingOptions({ query }), placeholderData: keepPreviousData, meta: { silent: true } });
  const rows = report.data?.data.items ?? [];
  const totals = report.data?.data.totals;
  const kindLabels: Record<ReportKind, string> = { material: t`Materials`, time: t`Times`, note: t`Notes` };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="sm">
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label={t`Entry kind`}
            value={kind}
            onChange={(value) => change({ subType: value as ReportKind })}
            data={reportKinds.map((k) => ({ value: k, label: kindLabels[k] }))}
          />
          <PeriodFilter period={search.period} from={search.from} to={search.to} fallback={REPORT_DEFAULT_PERIOD} onChange={(value) => change(value)} />
          <Select
            aria-label={t`Processed`}
            w={{ base: '100%', xs: 210 }}
            allowDeselect={false}
            value={search.processed ?? 'all'}
            onChange={(value) => value && change({ processed: value as ProcessedState })}
            data={[
              { value: 'all', label: t`Open and processed` },
              { value: 'open', label: t`Open only` },
              { value: 'processed', label: t`Processed only` },
            ]}
            comboboxProps={{ withinPortal: true }}
          />
          <TableExportButtons
            ml="auto"
            table={async () => reportTable(i18n, kind, await allReportRows(query), totals!)}
            fileName={reportFileName(search, t`Report`, kindLabels[kind])}
            sheetName={t`Report`}
            disabled={!rows.length || !totals}
          />
        </Group>
      </Paper>
      {report.isPending ? (
        <Skeleton height={240} data-testid="report-loading" />
      ) : report.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t`The report could not be loaded.`}>
          <Group justify="space-between" gap="sm">
            <Text fz="sm">
              <Trans>Check the connection and try again.</Trans>
            </Text>
            <Button size="xs" variant="default" onClick={() => void report.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Group>
        </Alert>
      ) : !rows.length ? (
        <EmptyState icon={IconReportAnalytics} title={<Trans>Nothing in this period</Trans>}>
          <Trans>No entries of this kind match the period and processed filter. Try another period.</Trans>
        </EmptyState>
      ) : (
        <>
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={640}>
              <Table striped aria-label={t`Report`} data-testid="report-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t`Customer`}</Table.Th>
                    <Table.Th>{t`Date`}</Table.Th>
                    <Table.Th>{kind === 'material' ? t`Product` : t`Text`}</Table.Th>
                    {kind === 'material' ? <Table.Th ta="right">{t`Quantity`}</Table.Th> : null}
                    {kind === 'time' ? <Table.Th ta="right">{t`Duration`}</Table.Th> : null}
                    <Table.Th>{t`Member`}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <ReportRow key={row.id} row={row} kind={kind} locale={i18n.locale} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          {totals ? <Totals kind={kind} totals={totals} /> : null}
          <ListFooter
            page={report.data?.data.page ?? query.page}
            pageSize={report.data?.data.pageSize ?? query.pageSize}
            totalCount={report.data?.data.totalCount ?? rows.length}
            onPage={(page) => onSearch({ page })}
            onPageSize={(pageSize) => onSearch({ pageSize, page: undefined })}
          />
        </>
      )}
    </Stack>
  );
}

function ReportRow({ row, kind, locale }: { row: Information; kind: ReportKind; locale: string }) {
  return (
    <Table.Tr>
      <Table.Td>{row.customerName}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatReportDay(row.occurredAtUtc, locale)}</Table.Td>
      <Table.Td>{kind === 'material' ? materialName(row) : row.text}</Table.Td>
      {kind === 'material' ? (
        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
          {formatNumber(row.quantity)} {row.unit}
        </Table.Td>
      ) : null}
      {kind === 'time' ? <Table.Td ta="right">{formatHoursMinutes(row.durationSeconds ?? 0)}</Table.Td> : null}
      <Table.Td>{row.ownerName}</Table.Td>
    </Table.Tr>
  );
}

function Totals({ kind, totals }: { kind: ReportKind; totals: InformationReportTotals }) {
  if (kind === 'note') return null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="report-totals">
      <Title order={2} fz="h5" mb="xs">
        <Trans>Totals of the period</Trans>
      </Title>
      {kind === 'time' ? (
        <Text fw={600}>
          <Trans>Total time</Trans>: {formatHoursMinutes(totals.durationSeconds)}
        </Text>
      ) : (
        <Table withRowBorders={false} verticalSpacing={2}>
          <Table.Tbody>
            {totals.materials.map((total) => (
              <Table.Tr key={`${total.productId ?? total.name}\u0000${total.unit}`}>
                <Table.Td>{total.name}</Table.Td>
                <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatNumber(total.quantity)} {total.unit}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

