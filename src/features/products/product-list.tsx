/**
 * The material list: filter, include archived, sorting, paging, create and edit in a modal,
 * delete after a confirmation (the server archives instead when entries use the product, and the
 * screen says so), restore, find by EAN (typed or scanned) and CSV import. A table on wide
 * screens, cards on phones. Employees read and create; the rest is for Owner, Admin and Manager.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Modal,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  IconArchiveOff,
  IconBarcode,
  IconDots,
  IconFileImport,
  IconPackage,
  IconPackageOff,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  productsDeleteByIdMutation,
  productsGetAllOptions,
  productsGetByEanOptions,
  productsUpdateMutation,
} from '../../../generated/api/@tanstack/react-query.gen';
import type { Product } from '../../../generated/api/types.gen';
import { ListFooter } from '../../components/data-list/list-footer';
import { ListToolbar } from '../../components/data-list/list-toolbar';
import { SortableHeader, type SortState } from '../../components/data-list/sortable-header';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { ApiError } from '../../lib/api-error';
import { formatMoney, formatNumber } from '../../lib/format';
import { notifyError } from '../../lib/query-client';
import { showSuccess, showWarning } from '../../lib/notifications';
import { hasRoles, useSession } from '../../lib/session';
import { productDeleted, productUpdated } from './api/cache';
import { ProductFormModal, productToValues, productValuesToBody } from './product-form';
import { ProductImportDialog } from './product-import';
import { productListQuery, type ProductListSearch, type ProductSortColumn } from './product-search';

function useCanManageProducts() {
  const session = useSession();
  return hasRoles(['Admin', 'Manager'], 'any', session);
}

function useProductActions() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const remove = useMutation({
    ...productsDeleteByIdMutation(),
    onSuccess: async (answer, variables) => {
      await productDeleted(queryClient, variables.query.id);
      if (answer.data.archived) showWarning(t`The material is used in entries, so it was archived instead of deleted.`);
      else showSuccess(t`Material deleted.`);
    },
  });
  const restore = useMutation({
    ...productsUpdateMutation(),
    onSuccess: async (answer) => {
      await productUpdated(queryClient, answer.data);
      showSuccess(t`Material restored.`);
    },
  });
  return {
    confirmDelete: (product: Product) => {
      const name = product.name;
      modals.openConfirmModal({
        title: t`Delete material?`,
        children: (
          <Text fz="sm">
            {t`${name} will be deleted. If entries already use it, it is archived instead, so those entries keep it.`}
          </Text>
        ),
        labels: { confirm: t`Delete`, cancel: t`Cancel` },
        confirmProps: { color: 'red' },
        onConfirm: () => remove.mutate({ query: { id: product.id } }),
      });
    },
    restore: (product: Product) =>
      restore.mutate({ body: { ...productValuesToBody(productToValues(product)), id: product.id, archived: false } }),
  };
}

function ProductActions({ product, onEdit }: { product: Product; onEdit: (p: Product) => void }) {
  const { t } = useLingui();
  const actions = useProductActions();
  const name = product.name;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t`Actions for ${name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(product)}>
          <Trans>Edit</Trans>
        </Menu.Item>
        {product.archived ? (
          <Menu.Item leftSection={<IconArchiveOff size={16} />} onClick={() => actions.restore(product)}>
            <Trans>Restore</Trans>
          </Menu.Item>
        ) : (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => actions.confirmDelete(product)}>
            <Trans>Delete</Trans>
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function ArchivedBadge() {
  return (
    <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
      <Trans>Archived</Trans>
    </Badge>
  );
}

/** Find a product by its EAN: typed, or entered by a barcode scanner (which types and presses Enter). */
function EanLookup({ onFound }: { onFound: (product: Product) => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);

  async function find() {
    const ean = code.replace(/\s+/g, '');
    setMessage(null);
    if (!/^\d{8,14}$/.test(ean)) {
      setMessage(t`Enter the 8 to 14 digits of the code.`);
      return;
    }
    setSearching(true);
    try {
      const answer = await queryClient.fetchQuery({ ...productsGetByEanOptions({ query: { ean } }), meta: { silent: true }, retry: false, staleTime: 0 });
      onFound(answer.data);
      setCode('');
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setMessage(t`No material has this EAN.`);
      else if (error instanceof ApiError && error.hasCode('INVALID_EAN')) setMessage(t`This EAN is not valid (check digit or length).`);
      else notifyError(error);
    } finally {
      setSearching(false);
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void find();
      }}
    >
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-label={t`Find by EAN`}
          placeholder={t`Find by EAN`}
          leftSection={<IconBarcode size={16} />}
          inputMode="numeric"
          value={code}
          error={message}
          onChange={(event) => setCode(event.currentTarget.value)}
          w={220}
        />
        <Button type="submit" variant="default" loading={searching}>
          <Trans>Find</Trans>
        </Button>
      </Group>
    </form>
  );
}

function ProductFound({ product, onClose, onEdit, canManage }: { product: Product | null; onClose: () => void; onEdit: (p: Product) => void; canManage: boolean }) {
  const { t } = useLingui();
  return (
    <Modal opened={product !== null} onClose={onClose} title={t`Material found`}>
      {product ? (
        <Stack gap="sm">
          <Group gap="sm">
            <Text fw={700} fz="lg">
              {product.name}
            </Text>
            {product.archived ? <ArchivedBadge /> : null}
          </Group>
          <Table variant="vertical" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={140}>{t`EAN`}</Table.Th>
                <Table.Td>{product.ean}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t`Net price`}</Table.Th>
                <Table.Td>
                  {formatMoney(product.netPrice)} / {product.unit}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t`VAT rate`}</Table.Th>
                <Table.Td>{product.vatRate} %</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t`Stock`}</Table.Th>
                <Table.Td>{product.stock === null ? t`not tracked` : `${formatNumber(product.stock)} ${product.unit}`}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Group justify="flex-end">
            {canManage ? (
              <Button
                variant="default"
                leftSection={<IconPencil size={16} />}
                onClick={() => {
                  onClose();
                  onEdit(product);
                }}
              >
                <Trans>Edit</Trans>
              </Button>
            ) : null}
            <Button onClick={onClose}>
              <Trans>Close</Trans>
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

export function ProductListScreen({
  search,
  onSearch,
}: {
  search: ProductListSearch;
  onSearch: (patch: Partial<ProductListSearch>) => void;
}) {
  const { t } = useLingui();
  const canManage = useCanManageProducts();
  const phone = useMediaQuery('(max-width: 48em)');
  const query = productListQuery(search);
  const list = useQuery({ ...productsGetAllOptions({ query }), placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [found, setFound] = useState<Product | null>(null);
  const [importing, setImporting] = useState(false);

  const sort: SortState<ProductSortColumn> = {
    orderBy: (query.orderBy as ProductSortColumn) ?? 'name',
    descending: query.isDescending,
  };
  const onSort = (next: SortState<ProductSortColumn>) => onSearch({ orderBy: next.orderBy, desc: next.descending, page: 1 });
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
        <Trans>New material</Trans>
      </Button>
    </>
  );

  let body;
  if (list.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label={t`Loading materials`}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={40} radius="sm" />
        ))}
      </Stack>
    );
  } else if (list.isError && !page) {
    body = (
      <EmptyState icon={IconPackage} title={<Trans>The materials could not be loaded</Trans>}>
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
      <EmptyState icon={IconPackage} title={<Trans>No materials yet</Trans>} action={<Group gap="sm">{actions}</Group>}>
        <Trans>
          Add products and materials with EAN code, unit, price and stock, or import them from a CSV file, e.g. your
          wholesaler's price list.
        </Trans>
      </EmptyState>
    );
  } else if (page && page.items.length === 0) {
    body = (
      <EmptyState icon={IconPackageOff} title={<Trans>No material matches</Trans>}>
        <Trans>Try another filter, or include archived materials.</Trans>
      </EmptyState>
    );
  } else if (page && phone) {
    body = (
      <Stack gap="sm" aria-label={t`Materials`}>
        {page.items.map((product) => (
          <Card key={product.id} withBorder radius="md" padding="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <Text fw={600}>{product.name}</Text>
                  {product.archived ? <ArchivedBadge /> : null}
                </Group>
                <Text fz="sm">
                  {formatMoney(product.netPrice)} / {product.unit} · {product.vatRate} %
                </Text>
                <Text fz="sm" c="dimmed">
                  {product.ean ? `EAN ${product.ean}` : null}
                  {product.ean && product.stock !== null ? ' · ' : null}
                  {product.stock !== null ? t`Stock ${formatNumber(product.stock)}` : null}
                </Text>
              </Stack>
              {canManage ? <ProductActions product={product} onEdit={setEditing} /> : null}
            </Group>
          </Card>
        ))}
      </Stack>
    );
  } else if (page) {
    body = (
      <Paper withBorder radius="md">
        <ScrollArea type="auto">
          <Table striped highlightOnHover verticalSpacing="xs" miw={760} aria-label={t`Materials`}>
            <Table.Thead>
              <Table.Tr>
                <SortableHeader column="name" sort={sort} onSort={onSort}>
                  <Trans>Name</Trans>
                </SortableHeader>
                <SortableHeader column="ean" sort={sort} onSort={onSort} width={160}>
                  <Trans>EAN</Trans>
                </SortableHeader>
                <SortableHeader column="unit" sort={sort} onSort={onSort} width={100}>
                  <Trans>Unit</Trans>
                </SortableHeader>
                <SortableHeader column="netPrice" sort={sort} onSort={onSort} width={130}>
                  <Trans>Net price</Trans>
                </SortableHeader>
                <SortableHeader column="vatRate" sort={sort} onSort={onSort} width={100}>
                  <Trans>VAT</Trans>
                </SortableHeader>
                <SortableHeader column="stock" sort={sort} onSort={onSort} width={110}>
                  <Trans>Stock</Trans>
                </SortableHeader>
                {canManage ? <Table.Th w={48} aria-label={t`Actions`} /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              {page.items.map((product) => (
                <Table.Tr key={product.id}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text fw={600} fz="sm">
                        {product.name}
                      </Text>
                      {product.archived ? <ArchivedBadge /> : null}
                    </Group>
                  </Table.Td>
                  <Table.Td ff="monospace">{product.ean}</Table.Td>
                  <Table.Td>{product.unit}</Table.Td>
                  <Table.Td ta="right">{formatMoney(product.netPrice)}</Table.Td>
                  <Table.Td ta="right">{product.vatRate} %</Table.Td>
                  <Table.Td ta="right">{product.stock === null ? '–' : formatNumber(product.stock)}</Table.Td>
                  {canManage ? (
                    <Table.Td>
                      <ProductActions product={product} onEdit={setEditing} />
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
        title={<Trans>Materials</Trans>}
        description={<Trans>Products and materials your team books on customer jobs.</Trans>}
        actions={actions}
      />
      <ListToolbar
        filter={query.filter ?? ''}
        onFilter={(filter) => onSearch({ filter: filter || undefined, page: 1 })}
        includeArchived={query.includeArchived ?? false}
        onIncludeArchived={(archived) => onSearch({ archived: archived || undefined, page: 1 })}
        filterPlaceholder={t`Name, EAN or unit`}
      >
        <EanLookup onFound={setFound} />
      </ListToolbar>
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
      <ProductFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        product={editing === 'new' || editing === null ? undefined : editing}
      />
      <ProductFound product={found} onClose={() => setFound(null)} onEdit={setEditing} canManage={canManage} />
      {canManage ? <ProductImportDialog opened={importing} onClose={() => setImporting(false)} /> : null}
    </>
  );
}
