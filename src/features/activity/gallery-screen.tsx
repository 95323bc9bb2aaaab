/**
 * The gallery (/gallery): every photo as a thumbnail, filtered by customer, category, period and
 * processed state (in the URL), opened full size in the viewer.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Group, Pagination, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBooks, IconPhoto } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { customersGetAllOptions, customersGetOptions, imagesGetAllOptions } from '../../../generated/api/@tanstack/react-query.gen';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { ButtonLink } from '../../components/router-links';
import { SearchField } from './activity-filters';
import { PeriodFilter } from '../../components/period-filter';
import { categoryLabels } from './activity-kinds';
import { PhotoGrid } from './photo-grid';
import { PhotoViewer } from './photos';
import { GALLERY_PAGE_SIZE, galleryQuery, photoCategories, type GallerySearch } from './search';

function CustomerFilter({ value, onChange }: { value?: string; onChange: (id: string | undefined) => void }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const list = useQuery({
    ...customersGetAllOptions({ query: { filter: debounced || undefined, page: 1, pageSize: 20, isDescending: false, includeArchived: true } }),
    placeholderData: keepPreviousData,
  });
  const chosen = useQuery({ ...customersGetOptions({ query: { id: value ?? '' } }), enabled: !!value, meta: { silent: true } });
  const data = (list.data?.data.items ?? []).map((c) => ({ value: c.id, label: c.displayName }));
  if (value && chosen.data && !data.some((d) => d.value === value)) data.unshift({ value, label: chosen.data.data.displayName });
  return (
    <Select
      aria-label={t`Customer`}
      placeholder={t`All customers`}
      searchable
      clearable
      w={{ base: '100%', xs: 240 }}
      data={data}
      value={value ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={t`No customer found`}
      onChange={(id) => onChange(id ?? undefined)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function GalleryScreen({ search, onSearch }: { search: GallerySearch; onSearch: (patch: Partial<GallerySearch>) => void }) {
  const { t, i18n } = useLingui();
  const [viewing, setViewing] = useState<number | null>(null);
  const photos = useQuery({ ...imagesGetAllOptions({ query: galleryQuery(search) }), placeholderData: keepPreviousData });
  const change = (patch: Partial<GallerySearch>) => onSearch({ ...patch, page: undefined });
  const items = photos.data?.data.items ?? [];
  const total = photos.data?.data.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / GALLERY_PAGE_SIZE));

  return (
    <>
      <PageHeader
        title={<Trans>Gallery</Trans>}
        description={<Trans>Photos taken on site, by customer and category.</Trans>}
        actions={
          <ButtonLink to="/library" variant="default" leftSection={<IconBooks size={16} />}>
            <Trans>Library</Trans>
          </ButtonLink>
        }
      />
      <Paper withBorder radius="md" p="sm" mb="md">
        <Stack gap="sm">
          <Group gap="sm" wrap="wrap">
            <CustomerFilter value={search.customerId} onChange={(customerId) => change({ customerId })} />
            <Select
              aria-label={t`Category`}
              placeholder={t`All categories`}
              clearable
              w={{ base: '100%', xs: 180 }}
              data={photoCategories.map((c) => ({ value: c, label: i18n._(categoryLabels[c]) }))}
              value={search.category ?? null}
              onChange={(value) => change({ category: (value ?? undefined) as GallerySearch['category'] })}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              aria-label={t`Processed`}
              allowDeselect={false}
              w={{ base: '100%', xs: 210 }}
              data={[
                { value: 'all', label: t`Open and processed` },
                { value: 'open', label: t`Open only` },
                { value: 'processed', label: t`Processed only` },
              ]}
              value={search.processed ?? 'all'}
              onChange={(value) => change({ processed: (value ?? 'all') as GallerySearch['processed'] })}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
          <Group gap="sm" wrap="wrap">
            <PeriodFilter period={search.period} from={search.from} to={search.to} onChange={(value) => change(value)} />
            <SearchField value={search.filter ?? ''} onChange={(filter) => change({ filter: filter || undefined })} placeholder={t`Search descriptions …`} />
          </Group>
        </Stack>
      </Paper>

      {photos.isPending ? (
        <Skeleton height={240} />
      ) : items.length === 0 ? (
        <EmptyState icon={IconPhoto} title={total === 0 && !photos.isPlaceholderData ? <Trans>No photos found</Trans> : <Trans>No photos yet</Trans>}>
          <Trans>
            Photos your team takes on site will be shown here by customer and category, with a description and the time and place
            they were taken.
          </Trans>
        </EmptyState>
      ) : (
        <Stack gap="md" style={{ opacity: photos.isPlaceholderData ? 0.6 : 1 }}>
          <PhotoGrid images={items} onOpen={setViewing} showCustomer />
          <Group justify="space-between">
            <Text fz="sm" c="dimmed">
              <Plural value={total} one="# photo" other="# photos" />
            </Text>
            <Pagination total={pages} value={Math.min(search.page ?? 1, pages)} onChange={(page) => onSearch({ page })} size="sm" />
          </Group>
        </Stack>
      )}
      <PhotoViewer images={items} index={viewing} onIndex={setViewing} onClose={() => setViewing(null)} />
    </>
  );
}
