/**
 * The first tab of the customer page (/customer/$id): the capture buttons and the feed; the other
 * tabs are in customer-more-tabs.tsx. Filters are local to the tab;
 * the full-page view with its filters in the URL is /activity/$id.
 */
import { Trans } from '@lingui/react/macro';
import { Group, Stack } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import type { Customer } from '../../../generated/api/types.gen';
import { ButtonLink } from '../../components/router-links';
import { ArchiveStateFilter, KindFilter } from './activity-filters';
import { ActivityFeed } from './activity-feed';
import { CaptureBar } from './capture/capture-bar';
import { activityQuery, type ArchiveState, type ActivitySearch } from './search';

export function CustomerActivitiesTab({ customer }: { customer: Customer }) {
  const [search, setSearch] = useState<ActivitySearch>({ state: 'all' });
  const patch = (change: Partial<ActivitySearch>) => setSearch((current) => ({ ...current, page: 1, ...change }));
  return (
    <Stack gap="md">
      <CaptureBar customer={customer} />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <ArchiveStateFilter value={search.state ?? 'all'} onChange={(state: ArchiveState) => patch({ state })} />
          <KindFilter value={search.kinds ?? []} onChange={(kinds) => patch({ kinds: kinds as ActivitySearch['kinds'] })} />
        </Group>
        <ButtonLink to="/activity/$id" params={{ id: customer.id }} variant="subtle" rightSection={<IconArrowRight size={16} />}>
          <Trans>Open activity view</Trans>
        </ButtonLink>
      </Group>
      <ActivityFeed
        markable
        withWaiting
        query={activityQuery(search, { customerId: customer.id, state: 'all', pageSize: 10 })}
        onPage={(page) => setSearch((current) => ({ ...current, page }))}
        onPageSize={(pageSize) => patch({ pageSize })}
        emptyTitle={<Trans>No activities yet</Trans>}
        emptyText={<Trans>Notes, materials, times, photos and signed confirmations of this customer will be listed here.</Trans>}
      />
    </Stack>
  );
}
