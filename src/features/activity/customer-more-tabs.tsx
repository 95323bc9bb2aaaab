/**
 * The customer page's tabs beyond the first (customer-activity-tabs.tsx): the customer's time with
 * the period's total, the photos, the signed work confirmations. They load when the screen is
 * idle, or with the page when a link opens one of them.
 */
import { Trans } from '@lingui/react/macro';
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCamera, IconPhotoPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { customerActivitiesGetTotalsOptions, imagesGetAllOptions } from '../../../generated/api/@tanstack/react-query.gen';
import type { Customer } from '../../../generated/api/types.gen';
import { ListFooter } from '../../components/data-list/list-footer';
import { EmptyState } from '../../components/empty-state';
import { ArchiveStateFilter } from './activity-filters';
import { PeriodFilter } from '../../components/period-filter';
import { formatDuration } from './format';
import { useIsBackOffice } from '../../lib/session';
import { useMountedOnce } from '../../lib/use-lazy-dialog';
import { ActivityFeed } from './activity-feed';
import { CaptureBar } from './capture/capture-bar';
import { PhotoUploadModal } from './capture/lazy-capture';
import { PhotoGrid } from './photo-grid';
import { PhotoViewer } from './photos';
import { activityQuery, periodQuery, type ArchiveState, type ActivitySearch } from './search';

/**
 * The customer's time: timer tracks and described times of a period, with the billable total of the
 * period (for the back office; Employees see their own entries) and a way to record time.
 */
export function CustomerTimeTab({ customer }: { customer: Customer }) {
  const backOffice = useIsBackOffice();
  const [search, setSearch] = useState<ActivitySearch>({ state: 'all', period: 'currentMonth', kinds: ['time', 'timeEntry'] });
  const patch = (change: Partial<ActivitySearch>) => setSearch((current) => ({ ...current, page: 1, ...change }));
  const period = periodQuery(search, 'currentMonth');
  const totals = useQuery({
    ...customerActivitiesGetTotalsOptions({ query: { ...period, customerId: customer.id } }),
    enabled: backOffice,
    placeholderData: keepPreviousData,
  });
  const seconds = totals.data?.data.totalWorkingSeconds;
  return (
    <Stack gap="md">
      <CaptureBar customer={customer} />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <PeriodFilter period={search.period} from={search.from} to={search.to} fallback="currentMonth" onChange={(value) => patch(value)} />
          <ArchiveStateFilter value={search.state ?? 'all'} onChange={(state: ArchiveState) => patch({ state })} />
        </Group>
        {backOffice && seconds !== undefined && seconds >= 0 ? (
          <Text fw={600} data-testid="customer-time-total">
            <Trans>Working time in the period: {formatDuration(seconds)}</Trans>
          </Text>
        ) : null}
      </Group>
      <ActivityFeed
        markable
        query={activityQuery(search, { customerId: customer.id, state: 'all', pageSize: 25 })}
        onPage={(page) => setSearch((current) => ({ ...current, page }))}
        onPageSize={(pageSize) => patch({ pageSize })}
        emptyTitle={<Trans>No working time in this period</Trans>}
        emptyText={<Trans>Time tracked for this customer with the timer or recorded by hand will be listed here, with the total of the period.</Trans>}
      />
    </Stack>
  );
}

export function CustomerPhotosTab({ customer }: { customer: Customer }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [viewing, setViewing] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  // The upload dialog's code loads at its first opening (with the other capture dialogs).
  const uploadMounted = useMountedOnce(uploading);
  const photos = useQuery({
    ...imagesGetAllOptions({
      query: { customerId: customer.id, includeProcessed: true, includeUnprocessed: true, page, pageSize, orderBy: 'createdAtUtc', isDescending: true },
    }),
    placeholderData: keepPreviousData,
  });
  const upload = customer.archived ? null : (
    <Button leftSection={<IconPhotoPlus size={16} />} variant="light" onClick={() => setUploading(true)}>
      <Trans>Add photos</Trans>
    </Button>
  );
  const items = photos.data?.data.items ?? [];
  return (
    <Stack gap="md">
      {photos.isPending ? (
        <Skeleton height={160} />
      ) : items.length === 0 ? (
        <EmptyState icon={IconCamera} title={<Trans>No photos yet</Trans>} action={upload}>
          <Trans>Photos of the work at this customer will be shown here.</Trans>
        </EmptyState>
      ) : (
        <>
          <Group justify="flex-end">{upload}</Group>
          <PhotoGrid images={items} onOpen={setViewing} />
          <ListFooter
            page={page}
            pageSize={pageSize}
            totalCount={photos.data?.data.totalCount ?? 0}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        </>
      )}
      <PhotoViewer images={items} index={viewing} onIndex={setViewing} onClose={() => setViewing(null)} />
      {uploadMounted ? (
        <Suspense fallback={null}>
          <PhotoUploadModal customerId={customer.id} opened={uploading} onClose={() => setUploading(false)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

export function CustomerConfirmationsTab({ customer }: { customer: Customer }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  return (
    <ActivityFeed
      query={{ customerId: customer.id, kind: ['confirmation'], includeProcessed: true, includeUnprocessed: true, page, pageSize, isDescending: true }}
      onPage={setPage}
      onPageSize={(size) => {
        setPageSize(size);
        setPage(1);
      }}
      emptyTitle={<Trans>No work confirmations yet</Trans>}
      emptyText={<Trans>Work confirmations the customer signed will be listed here as PDF.</Trans>}
    />
  );
}
