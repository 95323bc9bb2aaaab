/**
 * The customer list: filter, include archived, sorting by the shown columns, paging, create and
 * edit in a modal, archive and restore after a confirmation, CSV import. A table on wide screens,
 * cards on phones. Employees see the list and may create customers; editing, archiving and the
 * import are for Owner, Admin and Manager (the server refuses them anyway).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  IconArchive,
  IconArchiveOff,
  IconDots,
  IconFileImport,
  IconMail,
  IconPencil,
  IconPhone,
  IconPlus,
  IconUserSearch,
  IconUsers,
} from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { customersGetAllOptions, customersUpdateMutation } from '../../../generated/api/@tanstack/react-query.gen';
import type { Customer } from '../../../generated/api/types.gen';
import { ListFooter } from '../../components/data-list/list-footer';
import { ListToolbar } from '../../components/data-list/list-toolbar';
import { SortableHeader, type SortState } from '../../components/data-list/sortable-header';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { AnchorLink } from '../../components/router-links';
import { toApiError } from '../../lib/api-error';
import { describeApiError, errorLabels } from '../../lib/error-messages';
import { showError, showSuccess } from '../../lib/notifications';
import { hasRoles, useSession } from '../../lib/session';
import { customerUpdated } from './api/cache';
import { CustomerFormModal, customerToValues, valuesToBody } from './customer-form';
import { CustomerImportDialog } from './customer-import';
import { customerListQuery, type CustomerListSearch, type CustomerSortColumn } from './customer-search';

export function useCanManageCustomers() {
  const session = useSession();
  return hasRoles(['Admin', 'Manager'], 'any', session);
}

/** Archive or restore: Update with the customer's fields as they are and the new state. */
export function useArchiveCustomer() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    ...customersUpdateMutation(),
    meta: { silent: true },
    onSuccess: async (answer) => {
      await customerUpdated(queryClient, answer.data);
      showSuccess(answer.data.archived ? t`Customer archived.` : t`Customer restored.`);
    },
    onError: (error) =>
      showError(describeApiError(i18n, toApiError(error)), { title: i18n._(errorLabels.updateCustomerFailed), autoClose: 3000 }),
  });
  return (customer: Customer, archived: boolean) => {
    const name = customer.displayName;
    modals.openConfirmModal({
      title: archived ? t`Archive customer?` : t`Restore customer?`,
      children: (
        <Text fz="sm">
          {archived
            ? t`${name} will no longer be offered for new entries. Everything recorded stays, and you can restore the customer at any time.`
            : t`${name} will be offered for new entries again.`}
        </Text>
      ),
      labels: { confirm: archived ? t`Archive` : t`Restore`, cancel: t`Cancel` },
      confirmProps: { color: archived ? 'red' : undefined },
      onConfirm: () =>
        mutation.mutate({ body: { ...valuesToBody(customerToValues(customer)), id: customer.id, archived } }),
    });
  };
}

function address(customer: Customer) {
  const place = [customer.zip, customer.city].filter(Boolean).join(' ');
  return [customer.street, place].filter(Boolean).join(', ');
}

function CustomerActions({ customer, onEdit }: { customer: Customer; onEdit: (c: Customer) => void }) {
  const { t } = useLingui();
  const archive = useArchiveCustomer();
  const name = customer.displayName;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t`Actions for ${name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(customer)}>
          <Trans>Edit</Trans>
        </Menu.Item>
        {customer.archived ? (
          <Menu.Item leftSection={<IconArchiveOff size={16} />} onClick={() => archive(customer, false)}>
            <Trans>Restore</Trans>
          </Menu.Item>
        ) : (
          <Menu.Item color="red" leftSection={<IconArchive size={16} />} onClick={() => archive(customer, true)}>
            <Trans>Archive</Trans>
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function CustomerName({ customer }: { customer: Customer }) {
  return (
    <Group gap={6} wrap="nowrap">
      <AnchorLink to="/customer/$id" params={{ id: customer.id }} fw={600}>
        {customer.displayName}
      </AnchorLink>
      {customer.archived ? (
        <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
          <Trans>Archived</Trans>
        </Badge>
      ) : null}
    </Group>
  );
}

export function CustomerListScreen({
  search,
  onSearch,
}: {
  search: CustomerListSearch;
  onSearch: (patch: Partial<CustomerListSearch>) => void;
}) {
  const { t } = useLingui();
  const canManage = useCanManageCustomers();
  const phone = useMediaQuery('(max-width: 48em)');
  const query = customerListQuery(search);
  const list = useQuery({ ...customersGetAllOptions({ query }), placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<Customer | 'new' | null>(null);
  const [importing, setImporting] = useState(false);

  const sort: SortState<CustomerSortColumn> = {
    orderBy: (query.orderBy as CustomerSortColumn) ?? 'displayName',
    descending: query.isDescending,
  };
  const onSort = (next: SortState<CustomerSortColumn>) => onSearch({ orderBy: next.orderBy, desc: next.descending, page: 1 });
  const page = list.data?.data;
  const filtered = !!query.filter || query.includeArchived;

  const actions = (
    <>
      {canManage ? (
        <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
          <Trans>Import CSV</Trans>
        </Button>
      ) : null}
      <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
        <Trans>New customer</Trans>
      </Button>
    </>
  );

  let body;
  if (list.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label={t`Loading customers`}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={40} radius="sm" />
        ))}
      </Stack>
    );
  } else if (list.isError && !page) {
    body = (
      <EmptyState icon={IconUsers} title={<Trans>The customers could not be loaded</Trans>}>
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
      <EmptyState icon={IconUsers} title={<Trans>No customers yet</Trans>} action={<Group gap="sm">{actions}</Group>}>
        <Trans>
          Add your first customer with name or company, address and phone number, or import your customers from a CSV
          file.
        </Trans>
      </EmptyState>
    );
  } else if (page && page.items.length === 0) {
    body = (
      <EmptyState icon={IconUserSearch} title={<Trans>No customer matches</Trans>}>
        <Trans>Try another filter, or include archived customers.</Trans>
      </EmptyState>
    );
  } else if (page && phone) {
    body = (
      <Stack gap="sm" aria-label={t`Customers`}>
        {page.items.map((customer) => (
          <Card key={customer.id} withBorder radius="md" padding="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <CustomerName customer={customer} />
                {address(customer) ? (
                  <Text fz="sm" c="dimmed">
                    {address(customer)}
                  </Text>
                ) : null}
                {customer.phone ? (
                  <Anchor href={`tel:${customer.phone}`} fz="sm">
                    <Group gap={4} wrap="nowrap">
                      <IconPhone size={14} />
                      {customer.phone}
                    </Group>
                  </Anchor>
                ) : null}
                {customer.email ? (
                  <Anchor href={`mailto:${customer.email}`} fz="sm" style={{ wordBreak: 'break-all' }}>
                    <Group gap={4} wrap="nowrap">
                      <IconMail size={14} />
                      {customer.email}
                    </Group>
                  </Anchor>
                ) : null}
              </Stack>
              {canManage ? <CustomerActions customer={customer} onEdit={setEditing} /> : null}
            </Group>
          </Card>
        ))}
      </Stack>
    );
  } else if (page) {
    body = (
      <Paper withBorder radius="md">
        <ScrollArea type="auto">
          <Table striped highlightOnHover verticalSpacing="xs" miw={760} aria-label={t`Customers`}>
            <Table.Thead>
              <Table.Tr>
                <SortableHeader column="displayName" sort={sort} onSort={onSort}>
                  <Trans>Name</Trans>
                </SortableHeader>
                <SortableHeader column="city" sort={sort} onSort={onSort}>
                  <Trans>Address</Trans>
                </SortableHeader>
                <SortableHeader column="phone" sort={sort} onSort={onSort}>
                  <Trans>Phone</Trans>
                </SortableHeader>
                <SortableHeader column="email" sort={sort} onSort={onSort}>
                  <Trans>Email</Trans>
                </SortableHeader>
                <SortableHeader column="externalId" sort={sort} onSort={onSort} width={140}>
                  <Trans>External id</Trans>
                </SortableHeader>
                {canManage ? <Table.Th w={48} aria-label={t`Actions`} /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              {page.items.map((customer) => (
                <Table.Tr key={customer.id}>
                  <Table.Td>
                    <CustomerName customer={customer} />
                  </Table.Td>
                  <Table.Td>{address(customer)}</Table.Td>
                  <Table.Td>{customer.phone ? <Anchor href={`tel:${customer.phone}`}>{customer.phone}</Anchor> : null}</Table.Td>
                  <Table.Td>
                    {customer.email ? <Anchor href={`mailto:${customer.email}`}>{customer.email}</Anchor> : null}
                  </Table.Td>
                  <Table.Td>{customer.externalId}</Table.Td>
                  {canManage ? (
                    <Table.Td>
                      <CustomerActions customer={customer} onEdit={setEditing} />
                    </Table.Td>
                  ) : null}
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
      <PageHeader
        title={<Trans>Customers</Trans>}
        description={<Trans>Everyone you work for, with address and phone number.</Trans>}
        actions={actions}
      />
      <ListToolbar
        filter={query.filter ?? ''}
        onFilter={(filter) => onSearch({ filter: filter || undefined, page: 1 })}
        includeArchived={query.includeArchived ?? false}
        onIncludeArchived={(archived) => onSearch({ archived: archived || undefined, page: 1 })}
        filterPlaceholder={t`Name, company, city, phone or email`}
      />
      {body}
      {page && page.totalCount > 0 ? (
        <ListFooter
          page={query.page}
          pageSize={query.pageSize}
          totalCount={page.totalCount}
          onPage={(next) => onSearch({ page: next })}
          onPageSize={(pageSize) => onSearch({ pageSize, page: 1 })}
        />
      ) : null}
      <CustomerFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        customer={editing === 'new' || editing === null ? undefined : editing}
      />
      {canManage ? <CustomerImportDialog opened={importing} onClose={() => setImporting(false)} /> : null}
    </>
  );
}
