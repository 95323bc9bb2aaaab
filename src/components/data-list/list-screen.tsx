/**
 * A list screen: header with actions, filter and "include archived" (for catalogs), the rows as a
 * table with sortable columns on wide screens and as cards on phones, paging, and honest states for
 * loading, a failed load, no rows yet and no match. Each feature says what its rows show. A list
 * whose rows are made elsewhere (the invoice register) has no "New" button and no archive switch.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, Paper, ScrollArea, Skeleton, Stack, Table, type TableTdProps, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileImport, IconPlus, type Icon } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ListQuery, ListSearch } from '../../lib/list-search';
import { EmptyState } from '../empty-state';
import { PageHeader } from '../page-header';
import { ListFooter } from './list-footer';
import { ListToolbar } from './list-toolbar';
import { SortableHeader, type SortState } from './sortable-header';

export interface ListColumn<Row, C extends string> {
  header: ReactNode;
  /** The contract's `orderBy` value; without one the column does not sort. */
  sortBy?: C;
  width?: number;
  cell: (row: Row) => ReactNode;
  cellProps?: TableTdProps;
}

interface EmptyText {
  icon: Icon;
  title: ReactNode;
  text: ReactNode;
}

interface ListScreenProps<Row extends { id: string }, C extends string> {
  title: ReactNode;
  description: ReactNode;
  /** "New …": the header's main button, also offered when there are no rows yet. */
  newLabel?: ReactNode;
  onNew?: () => void;
  /** CSV import, for who may import. */
  onImport?: () => void;
  /** Further header buttons (e.g. an import from the accounting software). */
  headerActions?: ReactNode;
  query: ListQuery<C>;
  onSearch: (patch: ListSearch<C>) => void;
  list: UseQueryResult<{ data: { items: Row[]; totalCount: number; totalCountCapped?: boolean } }, unknown>;
  columns: ListColumn<Row, C>[];
  /** What a row shows as a card on a phone. */
  card: (row: Row) => ReactNode;
  /** The actions menu of a row, when the user may act on rows. */
  rowActions?: (row: Row) => ReactNode;
  /** More controls in the toolbar, next to "include archived". */
  toolbar?: ReactNode;
  /** Without the "include archived" switch (rows that are never archived). */
  withoutArchived?: boolean;
  /** Filters of the toolbar's own controls are set: an empty page is "no match", not "none yet". */
  filtered?: boolean;
  filterPlaceholder: string;
  /** The list's name for assistive technology, and what it says while loading. */
  label: string;
  loadingLabel: string;
  loadFailed: ReactNode;
  empty: EmptyText;
  noMatch: EmptyText;
}

export function ListScreen<Row extends { id: string }, C extends string>(props: ListScreenProps<Row, C>) {
  const { query, onSearch, list, columns, rowActions } = props;
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const sort: SortState<C> = { orderBy: query.orderBy, descending: query.isDescending };
  const onSort = (next: SortState<C>) => onSearch({ orderBy: next.orderBy, desc: next.descending, page: 1 });
  const page = list.data?.data;
  const filtered = !!query.filter || query.includeArchived || !!props.filtered;
  const actions = (
    <>
      {props.headerActions}
      {props.onImport ? (
        <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={props.onImport}>
          <Trans>Import CSV</Trans>
        </Button>
      ) : null}
      {props.onNew ? (
        <Button leftSection={<IconPlus size={16} />} onClick={props.onNew}>
          {props.newLabel}
        </Button>
      ) : null}
    </>
  );

  let body;
  if (list.isPending) {
    body = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={props.loadingLabel}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={40} radius="sm" />
        ))}
      </Stack>
    );
  } else if (list.isError && !page) {
    body = (
      <EmptyState icon={props.empty.icon} title={props.loadFailed}>
        <Trans>Please check your connection and try again.</Trans>
        <Group justify="center" mt="md">
          <Button variant="default" onClick={() => void list.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Group>
      </EmptyState>
    );
  } else if (page && page.totalCount === 0 && !filtered) {
    body = (
      <EmptyState icon={props.empty.icon} title={props.empty.title} action={<Group gap="sm">{actions}</Group>}>
        {props.empty.text}
      </EmptyState>
    );
  } else if (page && page.items.length === 0) {
    body = (
      <EmptyState icon={props.noMatch.icon} title={props.noMatch.title}>
        {props.noMatch.text}
      </EmptyState>
    );
  } else if (page && phone) {
    body = (
      <Stack gap="sm" role="group" aria-label={props.label}>
        {page.items.map((row) => (
          <Card key={row.id} withBorder radius="md" padding="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              {props.card(row)}
              {rowActions?.(row)}
            </Group>
          </Card>
        ))}
      </Stack>
    );
  } else if (page) {
    body = (
      <Paper withBorder radius="md">
        <ScrollArea type="auto">
          <Table striped highlightOnHover verticalSpacing="xs" miw={760} aria-label={props.label}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column, i) =>
                  column.sortBy ? (
                    <SortableHeader key={i} column={column.sortBy} sort={sort} onSort={onSort} width={column.width}>
                      {column.header}
                    </SortableHeader>
                  ) : (
                    <Table.Th key={i} w={column.width}>
                      {column.header}
                    </Table.Th>
                  ),
                )}
                {rowActions ? (
                  <Table.Th w={48}>
                    <VisuallyHidden>{t`Actions`}</VisuallyHidden>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              {page.items.map((row) => (
                <Table.Tr key={row.id}>
                  {columns.map((column, i) => (
                    <Table.Td key={i} {...column.cellProps}>
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                  {rowActions ? <Table.Td>{rowActions(row)}</Table.Td> : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Paper>
    );
  }

  return (
    <>
      <PageHeader title={props.title} description={props.description} actions={actions} />
      <ListToolbar
        filter={query.filter ?? ''}
        onFilter={(filter) => onSearch({ filter: filter || undefined, page: 1 })}
        includeArchived={query.includeArchived}
        onIncludeArchived={props.withoutArchived ? undefined : (archived) => onSearch({ archived: archived || undefined, page: 1 })}
        filterPlaceholder={props.filterPlaceholder}
      >
        {props.toolbar}
      </ListToolbar>
      {body}
      {page && page.totalCount > 0 ? (
        <ListFooter
          page={query.page}
          pageSize={query.pageSize}
          totalCount={page.totalCount}
          capped={page.totalCountCapped}
          onPage={(next) => onSearch({ page: next })}
          onPageSize={(pageSize) => onSearch({ pageSize, page: 1 })}
        />
      ) : null}
    </>
  );
}
