/**
 * The material list: filter, include archived, sorting, paging, create and edit in a modal,
 * delete after a confirmation (the server archives instead when entries use the product, and the
 * screen says so), restore, find by EAN (typed or scanned) and CSV import. A table on wide
 * screens, cards on phones. Employees read and create; the rest is for Owner, Admin and Manager.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Menu, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArchiveOff,
  IconPackage,
  IconPackageOff,
  IconTrash,
} from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import {
  productsDeleteByIdMutation,
  productsGetAllOptions,
  productsUpdateMutation,
} from '../../../generated/api/@tanstack/react-query.gen';
import type { Product } from '../../../generated/api/types.gen';
import { ListScreen, type ListColumn } from '../../components/data-list/list-screen';
import { ArchivedBadge, RowActionsMenu } from '../../components/data-list/row-actions';
import { formatMoney, formatNumber } from '../../lib/format';
import { showSuccess, showWarning } from '../../lib/notifications';
import { useIsBackOffice } from '../../lib/session';
import { useLazyDialog } from '../../lib/use-lazy-dialog';
import { productDeleted, productUpdated } from './api/cache';
import { productToValues, productValuesToBody } from './product-values';
import { EanLookup, ProductFound } from './ean-lookup';
import { productListQuery, type ProductListSearch, type ProductSortColumn } from './product-search';

// The CSV import (parser, drop zone, three steps) loads when it is first opened, not with the list.
const ProductImportDialog = lazy(() => import('./product-import').then((module) => ({ default: module.ProductImportDialog })));
/** The create and edit form: zod and the contract's schemas load with it, after the list. */
const loadProductForm = () => import('./product-form');
const ProductFormModal = lazy(() => import('./product-form').then((module) => ({ default: module.ProductFormModal })));

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
  const actions = useProductActions();
  return (
    <RowActionsMenu name={product.name} onEdit={() => onEdit(product)}>
      {product.archived ? (
        <Menu.Item leftSection={<IconArchiveOff size={16} />} onClick={() => actions.restore(product)}>
          <Trans>Restore</Trans>
        </Menu.Item>
      ) : (
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => actions.confirmDelete(product)}>
          <Trans>Delete</Trans>
        </Menu.Item>
      )}
    </RowActionsMenu>
  );
}

function ProductCard({ product }: { product: Product }) {
  const { t } = useLingui();
  return (
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
  );
}

const columns: ListColumn<Product, ProductSortColumn>[] = [
  {
    header: <Trans>Name</Trans>,
    sortBy: 'name',
    cell: (product) => (
      <Group gap={6} wrap="nowrap">
        <Text fw={600} fz="sm">
          {product.name}
        </Text>
        {product.archived ? <ArchivedBadge /> : null}
      </Group>
    ),
  },
  { header: <Trans>EAN</Trans>, sortBy: 'ean', width: 160, cellProps: { ff: 'monospace' }, cell: (product) => product.ean },
  { header: <Trans>Unit</Trans>, sortBy: 'unit', width: 100, cell: (product) => product.unit },
  { header: <Trans>Net price</Trans>, sortBy: 'netPrice', width: 130, cellProps: { ta: 'right' }, cell: (product) => formatMoney(product.netPrice) },
  { header: <Trans>VAT</Trans>, sortBy: 'vatRate', width: 100, cellProps: { ta: 'right' }, cell: (product) => `${product.vatRate} %` },
  {
    header: <Trans>Stock</Trans>,
    sortBy: 'stock',
    width: 110,
    cellProps: { ta: 'right' },
    cell: (product) => (product.stock === null ? '–' : formatNumber(product.stock)),
  },
];

export function ProductListScreen({
  search,
  onSearch,
}: {
  search: ProductListSearch;
  onSearch: (patch: Partial<ProductListSearch>) => void;
}) {
  const { t } = useLingui();
  const canManage = useIsBackOffice();
  const query = productListQuery(search);
  const list = useQuery({ ...productsGetAllOptions({ query }), placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<Product | undefined>();
  const formDialog = useLazyDialog(loadProductForm);
  const edit = (product?: Product) => {
    setEditing(product);
    formDialog.open();
  };
  const [found, setFound] = useState<Product | null>(null);
  const importDialog = useLazyDialog();

  return (
    <>
      <ListScreen
        title={<Trans>Materials</Trans>}
        description={<Trans>Products and materials your team books on customer jobs.</Trans>}
        newLabel={<Trans>New material</Trans>}
        onNew={() => edit()}
        onImport={canManage ? importDialog.open : undefined}
        query={query}
        onSearch={onSearch}
        list={list}
        columns={columns}
        card={(product) => <ProductCard product={product} />}
        rowActions={canManage ? (product) => <ProductActions product={product} onEdit={edit} /> : undefined}
        toolbar={<EanLookup onFound={setFound} />}
        filterPlaceholder={t`Name, EAN or unit`}
        label={t`Materials`}
        loadingLabel={t`Loading materials`}
        loadFailed={<Trans>The materials could not be loaded</Trans>}
        empty={{
          icon: IconPackage,
          title: <Trans>No materials yet</Trans>,
          text: (
            <Trans>
              Add products and materials with EAN code, unit, price and stock, or import them from a CSV file, e.g. your
              wholesaler's price list.
            </Trans>
          ),
        }}
        noMatch={{
          icon: IconPackageOff,
          title: <Trans>No material matches</Trans>,
          text: <Trans>Try another filter, or include archived materials.</Trans>,
        }}
      />
      {formDialog.mounted ? (
        <Suspense fallback={null}>
          <ProductFormModal opened={formDialog.opened} onClose={formDialog.close} product={editing} />
        </Suspense>
      ) : null}
      <ProductFound product={found} onClose={() => setFound(null)} onEdit={edit} canManage={canManage} />
      {canManage && importDialog.mounted ? (
        <Suspense fallback={null}>
          <ProductImportDialog opened={importDialog.opened} onClose={importDialog.close} />
        </Suspense>
      ) : null}
    </>
  );
}
