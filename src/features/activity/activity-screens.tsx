/**
 * The full-page activity lists: one customer's activity (/activity/$id, with the capture buttons)
 * and the library of all customers (/library) with the archive filters (open, processed,
 * archived), period presets, kinds and a text search. Filters live in the URL.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Collapse, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconFilter, IconPhoto, IconUserQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { customersGetOptions } from '../../../generated/api/@tanstack/react-query.gen';
import type { CustomerActivity } from '../../../generated/api/types.gen';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { ButtonLink } from '../../components/router-links';
import { ArchiveStateFilter, KindFilter, SearchField } from './activity-filters';
import { PeriodFilter } from '../../components/period-filter';
import { ActivityFeed } from './activity-feed';
import { CaptureBar } from './capture/capture-bar';
import { activityQuery, type ActivitySearch } from './search';
import { connectionLost } from '../../lib/offline-change';

type OnSearch = (patch: Partial<ActivitySearch>) => void;

/** The filters; on a phone folded behind one button (naming how many are set) so the entries come first. */
function Filters({ search, onSearch, defaultState }: { search: ActivitySearch; onSearch: OnSearch; defaultState: ActivitySearch['state'] }) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const [open, setOpen] = useState(false);
  const change = (patch: Partial<ActivitySearch>) => onSearch({ ...patch, page: undefined });
  const active = [search.state && search.state !== (defaultState ?? 'all'), search.period, search.filter, search.kinds?.length].filter(Boolean).length;
  const fields = (
    <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <ArchiveStateFilter value={search.state ?? defaultState ?? 'all'} onChange={(state) => change({ state })} />
          <PeriodFilter period={search.period} from={search.from} to={search.to} onChange={(value) => change(value)} />
        </Group>
        <Group gap="sm" wrap="wrap">
          <SearchField value={search.filter ?? ''} onChange={(filter) => change({ filter: filter || undefined })} placeholder={t`Search text, names …`} />
          <KindFilter value={search.kinds ?? []} onChange={(kinds) => change({ kinds: kinds.length ? (kinds as ActivitySearch['kinds']) : undefined })} />
        </Group>
    </Stack>
  );
  if (!phone) {
    return (
      <Paper withBorder radius="md" p="sm" mb="md">
        {fields}
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" p="xs" mb="sm">
      <Button variant="subtle" size="compact-sm" leftSection={<IconFilter size={16} />} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        {active ? t`Filters (${active})` : t`Filters`}
      </Button>
      <Collapse expanded={open}>
        <div style={{ paddingTop: 'var(--mantine-spacing-xs)' }}>{fields}</div>
      </Collapse>
    </Paper>
  );
}

/** `actions` and `selectionAction`: further buttons of the header and of the selection, such as the route's "Prepare invoice". */
export function CustomerActivityScreen({
  id,
  search,
  onSearch,
  actions,
  selectionAction,
}: {
  id: string;
  search: ActivitySearch;
  onSearch: OnSearch;
  actions?: ReactNode;
  selectionAction?: (chosen: CustomerActivity[]) => ReactNode;
}) {
  const customer = useQuery({ ...customersGetOptions({ query: { id } }), meta: { silent: true }, retry: false });
  const back = (
    <ButtonLink to="/customer/$id" params={{ id }} variant="default" leftSection={<IconArrowLeft size={16} />}>
      <Trans>Customer</Trans>
    </ButtonLink>
  );
  if (customer.isPending) return <Skeleton height={200} />;
  if (customer.isLoadingError || (customer.isRefetchError && !connectionLost(customer.error))) {
    return (
      <>
        <PageHeader title={<Trans>Customer activity</Trans>} />
        <EmptyState
          icon={IconUserQuestion}
          title={<Trans>Customer not found</Trans>}
          action={
            <ButtonLink to="/customerlist" variant="default">
              <Trans>All customers</Trans>
            </ButtonLink>
          }
        >
          <Trans>This customer does not exist or belongs to another company.</Trans>
        </EmptyState>
      </>
    );
  }
  const data = customer.data.data;
  return (
    <>
      <PageHeader title={data.displayName} description={<Trans>Times, notes, materials, photos and signed confirmations of this customer.</Trans>}
        actions={
          <Group gap="sm">
            {back}
            {actions}
          </Group>
        }
      />
      <Stack gap="md">
        <CaptureBar customer={data} />
        <div>
          <Filters search={search} onSearch={onSearch} defaultState="open" />
          <ActivityFeed
            markable
            selectionAction={selectionAction}
            query={activityQuery(search, { customerId: id, state: 'open' })}
            onPage={(page) => onSearch({ page })}
            onPageSize={(pageSize) => onSearch({ pageSize, page: undefined })}
            emptyTitle={<Trans>Nothing found</Trans>}
            emptyText={<Trans>No activity of this customer matches the filters. Try another period or archive state.</Trans>}
          />
        </div>
      </Stack>
    </>
  );
}

export function LibraryScreen({
  search,
  onSearch,
  actions,
  selectionAction,
}: {
  search: ActivitySearch;
  onSearch: OnSearch;
  actions?: ReactNode;
  selectionAction?: (chosen: CustomerActivity[]) => ReactNode;
}) {
  return (
    <>
      <PageHeader
        title={<Trans>Library</Trans>}
        description={<Trans>All entries of all customers, open, processed and archived.</Trans>}
        actions={
          <Group gap="sm">
            {actions}
            <ButtonLink to="/gallery" variant="default" leftSection={<IconPhoto size={16} />}>
              <Trans>Gallery</Trans>
            </ButtonLink>
          </Group>
        }
      />
      <Filters search={search} onSearch={onSearch} defaultState="open" />
      <ActivityFeed
        showCustomer
        markable
        selectionAction={selectionAction}
        query={activityQuery(search, { state: 'open' })}
        onPage={(page) => onSearch({ page })}
        onPageSize={(pageSize) => onSearch({ pageSize, page: undefined })}
        emptyTitle={<Trans>No entries found</Trans>}
        emptyText={
          <Trans>
            Times, notes, materials, photos and confirmations of all customers are listed here. Nothing matches the filters;
            try another archive state or period.
          </Trans>
        }
      />
    </>
  );
}
