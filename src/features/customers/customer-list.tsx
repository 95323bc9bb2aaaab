/**
 * The customer list: filter, include archived, sorting by the shown columns, paging, create and
 * edit in a modal, archive and restore after a confirmation, CSV import. A table on wide screens,
 * cards on phones. Employees see the list and may create customers; editing, archiving and the
 * import are for Owner, Admin and Manager (the server refuses them anyway).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Menu, Stack, Text } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconMail,
  IconPhone,
  IconUserSearch,
  IconUsers,
} from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { customersGetAllOptions } from '../../../generated/api/@tanstack/react-query.gen';
import type { Customer } from '../../../generated/api/types.gen';
import { ListScreen, type ListColumn } from '../../components/data-list/list-screen';
import { ArchivedBadge, RowActionsMenu } from '../../components/data-list/row-actions';
import { AnchorLink } from '../../components/router-links';
import { useIsBackOffice } from '../../lib/session';
import { useLazyDialog } from '../../lib/use-lazy-dialog';
import { CustomerFormModal, loadCustomerForm, useArchiveCustomer } from './customer-actions';
import { LexofficeImportButton } from './lexoffice-import';
import { customerListQuery, type CustomerListSearch, type CustomerSortColumn } from './customer-search';

// The CSV import (parser, drop zone, three steps) loads when it is first opened, not with the list.
const CustomerImportDialog = lazy(() => import('./customer-import').then((module) => ({ default: module.CustomerImportDialog })));
function address(customer: Customer) {
  const place = [customer.zip, customer.city].filter(Boolean).join(' ');
  return [customer.street, place].filter(Boolean).join(', ');
}

function CustomerActions({ customer, onEdit }: { customer: Customer; onEdit: (c: Customer) => void }) {
  const archive = useArchiveCustomer();
  return (
    <RowActionsMenu name={customer.displayName} onEdit={() => onEdit(customer)}>
      {customer.archived ? (
        <Menu.Item leftSection={<IconArchiveOff size={16} />} onClick={() => archive(customer, false)}>
          <Trans>Restore</Trans>
        </Menu.Item>
      ) : (
        <Menu.Item color="red" leftSection={<IconArchive size={16} />} onClick={() => archive(customer, true)}>
          <Trans>Archive</Trans>
        </Menu.Item>
      )}
    </RowActionsMenu>
  );
}

function CustomerName({ customer }: { customer: Customer }) {
  return (
    <Group gap={6} wrap="nowrap">
      <AnchorLink to="/customer/$id" params={{ id: customer.id }} fw={600}>
        {customer.displayName}
      </AnchorLink>
      {customer.archived ? <ArchivedBadge /> : null}
    </Group>
  );
}

function CustomerCard({ customer }: { customer: Customer }) {
  return (
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
  const canManage = useIsBackOffice();
  const query = customerListQuery(search);
  const list = useQuery({ ...customersGetAllOptions({ query }), placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<Customer | undefined>();
  const formDialog = useLazyDialog(loadCustomerForm);
  const edit = (customer?: Customer) => {
    setEditing(customer);
    formDialog.open();
  };
  const importDialog = useLazyDialog();

  const columns: ListColumn<Customer, CustomerSortColumn>[] = [
    { header: <Trans>Name</Trans>, sortBy: 'displayName', cell: (customer) => <CustomerName customer={customer} /> },
    { header: <Trans>Address</Trans>, sortBy: 'city', cell: address },
    {
      header: <Trans>Phone</Trans>,
      sortBy: 'phone',
      cell: (customer) => (customer.phone ? <Anchor href={`tel:${customer.phone}`}>{customer.phone}</Anchor> : null),
    },
    {
      header: <Trans>Email</Trans>,
      sortBy: 'email',
      cell: (customer) => (customer.email ? <Anchor href={`mailto:${customer.email}`}>{customer.email}</Anchor> : null),
    },
    { header: <Trans>External id</Trans>, sortBy: 'externalId', width: 140, cell: (customer) => customer.externalId },
  ];

  return (
    <>
      <ListScreen
        title={<Trans>Customers</Trans>}
        description={<Trans>Everyone you work for, with address and phone number.</Trans>}
        newLabel={<Trans>New customer</Trans>}
        onNew={() => edit()}
        onImport={canManage ? importDialog.open : undefined}
        headerActions={canManage ? <LexofficeImportButton /> : undefined}
        query={query}
        onSearch={onSearch}
        list={list}
        columns={columns}
        card={(customer) => <CustomerCard customer={customer} />}
        rowActions={canManage ? (customer) => <CustomerActions customer={customer} onEdit={edit} /> : undefined}
        filterPlaceholder={t`Name, company, city, phone or email`}
        label={t`Customers`}
        loadingLabel={t`Loading customers`}
        loadFailed={<Trans>The customers could not be loaded</Trans>}
        empty={{
          icon: IconUsers,
          title: <Trans>No customers yet</Trans>,
          text: (
            <Trans>
              Add your first customer with name or company, address and phone number, or import your customers from a
              CSV file.
            </Trans>
          ),
        }}
        noMatch={{
          icon: IconUserSearch,
          title: <Trans>No customer matches</Trans>,
          text: <Trans>Try another filter, or include archived customers.</Trans>,
        }}
      />
      {formDialog.mounted ? (
        <Suspense fallback={null}>
          <CustomerFormModal opened={formDialog.opened} onClose={formDialog.close} customer={editing} />
        </Suspense>
      ) : null}
      {canManage && importDialog.mounted ? (
        <Suspense fallback={null}>
          <CustomerImportDialog opened={importDialog.opened} onClose={importDialog.close} />
        </Suspense>
      ) : null}
    </>
  );
}
