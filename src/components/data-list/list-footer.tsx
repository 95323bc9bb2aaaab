import { useLingui } from '@lingui/react/macro';
import { Group, Pagination, Select, Text } from '@mantine/core';

const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Paging under a list: "1–10 of 42", the pages, and how many rows a page shows. */
export function ListFooter({
  page,
  pageSize,
  totalCount,
  capped = false,
  onPage,
  onPageSize,
}: {
  page: number;
  pageSize: number;
  totalCount: number;
  /** The server stopped counting (`totalCountCapped`): `totalCount` is one more than it counted to. */
  capped?: boolean;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}) {
  const { t, i18n } = useLingui();
  // A capped count: the pages end where the server stopped counting.
  const reachable = capped ? totalCount - 1 : totalCount;
  const pages = Math.max(1, Math.ceil(reachable / pageSize));
  const from = totalCount === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(reachable, page * pageSize);
  const number = (n: number) => i18n.number(n);
  const range = `${number(from)}–${number(to)}`;
  const total = number(reachable);
  return (
    <Group justify="space-between" mt="md" gap="sm" wrap="wrap">
      <Text fz="sm" c="dimmed" aria-live="polite">
        {capped ? t`${range} of more than ${total}` : t`${range} of ${total}`}
      </Text>
      <Group gap="sm" wrap="wrap">
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPage}
          size="sm"
          siblings={1}
          boundaries={1}
          getControlProps={(control) => ({
            'aria-label':
              control === 'next' ? t`Next page` : control === 'previous' ? t`Previous page` : control === 'first' ? t`First page` : t`Last page`,
          })}
        />
        <Select
          aria-label={t`Rows per page`}
          size="xs"
          w={90}
          allowDeselect={false}
          data={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
          value={String(pageSize)}
          onChange={(value) => value && onPageSize(Number(value))}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
    </Group>
  );
}
