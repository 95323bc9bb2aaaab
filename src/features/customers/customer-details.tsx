/**
 * One customer: contact details, edit, archive and restore (in the "more" menu: a destructive
 * action is never the most prominent one), and the tabs other features fill (activities with the
 * capture buttons, time, photos, work confirmations). The chosen tab is in the URL. On a phone the
 * tabs stay on one scrollable line and the contact details fold to a line with address and phone,
 * so capturing starts near the top.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Anchor, Badge, Button, Group, Menu, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconArchive,
  IconArchiveOff,
  IconArrowLeft,
  IconCamera,
  IconChevronDown,
  IconChevronRight,
  IconDots,
  IconClockHour4,
  IconFileCertificate,
  IconListDetails,
  IconPencil,
  IconUserQuestion,
  type Icon,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { customersGetOptions } from '../../../generated/api/@tanstack/react-query.gen';
import type { Customer } from '../../../generated/api/types.gen';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { ButtonLink } from '../../components/router-links';
import { ApiError } from '../../lib/api-error';
import { countryName, formatMoney } from '../../lib/format';
import { useIsBackOffice } from '../../lib/session';
import { useLazyDialog } from '../../lib/use-lazy-dialog';
import type { CustomerTab } from './customer-tabs';
import { CustomerFormModal, loadCustomerForm, useArchiveCustomer } from './customer-actions';
import { Fact } from '../../components/fact';
import { connectionLost } from '../../lib/offline-change';

interface DetailTab {
  value: string;
  label: ReactNode;
  icon: Icon;
  title: ReactNode;
  text: ReactNode;
}

const tabs: DetailTab[] = [
  {
    value: 'activities',
    label: <Trans>Activities</Trans>,
    icon: IconListDetails,
    title: <Trans>No activities yet</Trans>,
    text: <Trans>Notes, materials and described times recorded for this customer will be listed here.</Trans>,
  },
  {
    value: 'time',
    label: <Trans>Time</Trans>,
    icon: IconClockHour4,
    title: <Trans>No working time yet</Trans>,
    text: <Trans>Time tracked for this customer with the timer or by hand will be listed here.</Trans>,
  },
  {
    value: 'photos',
    label: <Trans>Photos</Trans>,
    icon: IconCamera,
    title: <Trans>No photos yet</Trans>,
    text: <Trans>Photos of the work at this customer will be shown here.</Trans>,
  },
  {
    value: 'confirmations',
    label: <Trans>Confirmations</Trans>,
    icon: IconFileCertificate,
    title: <Trans>No work confirmations yet</Trans>,
    text: <Trans>Work confirmations the customer signed will be listed here as PDF.</Trans>,
  },
];

function CustomerFacts({ customer }: { customer: Customer }) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const [open, setOpen] = useState(false);
  const place = [customer.zip, customer.city].filter(Boolean).join(' ');
  if (phone) {
    const summary = [customer.street, place].filter(Boolean).join(', ') || t`No address`;
    return (
      <Paper withBorder radius="md" p="sm" data-testid="customer-facts">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} style={{ minWidth: 0, flex: 1 }}>
            <Group gap={6} wrap="nowrap">
              {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
              <Text fz="sm" truncate>
                {summary}
              </Text>
            </Group>
          </UnstyledButton>
          {customer.phone ? (
            <Anchor href={`tel:${customer.phone}`} fz="sm" style={{ whiteSpace: 'nowrap' }}>
              {customer.phone}
            </Anchor>
          ) : null}
        </Group>
        {/* Shown, not animated: Mantine's Collapse would cost this route 3 KiB for a slide. */}
        {open ? (
          <div style={{ paddingTop: 'var(--mantine-spacing-sm)' }}>
            <FactGrid customer={customer} place={place} />
          </div>
        ) : null}
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" p="lg" data-testid="customer-facts">
      <FactGrid customer={customer} place={place} />
    </Paper>
  );
}

function FactGrid({ customer, place }: { customer: Customer; place: string }) {
  const { t } = useLingui();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Fact label={<Trans>Address</Trans>}>
          {customer.street ? <div>{customer.street}</div> : null}
          {place ? <div>{place}</div> : null}
          <div>{countryName(customer.country)}</div>
        </Fact>
        <Stack gap="md">
          <Fact label={<Trans>Phone</Trans>}>
            {customer.phone ? <Anchor href={`tel:${customer.phone}`}>{customer.phone}</Anchor> : null}
          </Fact>
          <Fact label={<Trans>Email</Trans>}>
            {customer.email ? <Anchor href={`mailto:${customer.email}`}>{customer.email}</Anchor> : null}
          </Fact>
        </Stack>
        <Fact label={<Trans>Hourly rate</Trans>}>
          {customer.hourlyRate === null ? t`Company default` : formatMoney(customer.hourlyRate)}
        </Fact>
        <Fact label={<Trans>External id</Trans>}>{customer.externalId}</Fact>
        <Fact label={<Trans>Customer type</Trans>}>{customer.business ? t`Business customer` : t`Private customer`}</Fact>
        <Fact label={<Trans>VAT ID</Trans>}>{customer.vatId}</Fact>
        <Fact label={<Trans>Leitweg-ID</Trans>}>{customer.leitwegId}</Fact>
      </SimpleGrid>
    </>
  );
}

/** Contents of the tabs that other features fill, by tab value; the route composes them. */
export type CustomerTabPanels = Partial<Record<DetailTab['value'], (customer: Customer) => ReactNode>>;


export function CustomerDetailsScreen({
  id,
  panels = {},
  tab = 'activities',
  onTab,
  actions,
}: {
  id: string;
  panels?: CustomerTabPanels;
  /** More header buttons other features add (the customer's invoices), composed by the route. */
  actions?: (customer: Customer) => ReactNode;
  /** The open tab, kept in the URL by the route. */
  tab?: string;
  onTab?: (tab: CustomerTab) => void;
}) {
  const { t } = useLingui();
  const canManage = useIsBackOffice();
  const archive = useArchiveCustomer();
  const editDialog = useLazyDialog(canManage ? loadCustomerForm : undefined);
  const customer = useQuery({ ...customersGetOptions({ query: { id } }), meta: { silent: true }, retry: false });
  const back = (
    <ButtonLink to="/customerlist" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
      <Trans>All customers</Trans>
    </ButtonLink>
  );

  if (customer.isPending) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label={t`Loading customer`}>
        <Skeleton height={36} width="40%" />
        <Skeleton height={160} />
      </Stack>
    );
  }
  if (customer.isLoadingError || (customer.isRefetchError && !connectionLost(customer.error))) {
    const missing = customer.error instanceof ApiError && (customer.error.status === 404 || customer.error.status === 400);
    return (
      <>
        <PageHeader title={<Trans>Customer</Trans>} actions={back} />
        <EmptyState icon={IconUserQuestion} title={missing ? <Trans>Customer not found</Trans> : <Trans>The customer could not be loaded</Trans>}>
          {missing ? (
            <Trans>This customer does not exist or belongs to another company.</Trans>
          ) : (
            <Trans>Please check your connection and try again.</Trans>
          )}
        </EmptyState>
      </>
    );
  }

  const data = customer.data.data;
  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            <span>{data.displayName}</span>
            {data.archived ? (
              <Badge variant="light" color="gray">
                <Trans>Archived</Trans>
              </Badge>
            ) : null}
          </Group>
        }
        description={data.companyName && (data.firstName || data.lastName) ? [data.firstName, data.lastName].filter(Boolean).join(' ') : undefined}
        actions={
          <>
            {back}
            {actions?.(data)}
            {canManage ? (
              <>
                <Button variant="default" leftSection={<IconPencil size={16} />} onClick={editDialog.open}>
                  <Trans>Edit</Trans>
                </Button>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="default" size="lg" aria-label={t`More actions for ${data.displayName}`}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {data.archived ? (
                      <Menu.Item leftSection={<IconArchiveOff size={16} />} onClick={() => archive(data, false)}>
                        <Trans>Restore</Trans>
                      </Menu.Item>
                    ) : (
                      <Menu.Item color="red" leftSection={<IconArchive size={16} />} onClick={() => archive(data, true)}>
                        <Trans>Archive</Trans>
                      </Menu.Item>
                    )}
                  </Menu.Dropdown>
                </Menu>
              </>
            ) : null}
          </>
        }
      />
      <Stack gap="lg">
        <CustomerFacts customer={data} />
        <Tabs
          value={tabs.some((x) => x.value === tab) ? tab : 'activities'}
          onChange={(value) => value && onTab?.(value as CustomerTab)}
          keepMounted={false}
        >
          {/* Wraps onto a second line on a phone: a tab scrolled out of sight is a tab nobody finds. */}
          <Tabs.List>
            {tabs.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value} leftSection={<tab.icon size={16} />}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Panel key={tab.value} value={tab.value} pt="md">
              {/* Customer activity and time tracking fill their tabs through `panels`. */}
              {panels[tab.value]?.(data) ?? (
                <EmptyState icon={tab.icon} title={tab.title}>
                  {tab.text}
                </EmptyState>
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
      {editDialog.mounted ? (
        <Suspense fallback={null}>
          <CustomerFormModal opened={editDialog.opened} onClose={editDialog.close} customer={data} />
        </Suspense>
      ) : null}
    </>
  );
}
