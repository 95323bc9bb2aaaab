/** Find a material by its EAN (typed or scanned) and show what was found. */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconBarcode, IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { productsGetByEanOptions } from '../../../generated/api/@tanstack/react-query.gen';
import type { Product } from '../../../generated/api/types.gen';
import { ArchivedBadge } from '../../components/data-list/row-actions';
import { ApiError } from '../../lib/api-error';
import { formatMoney, formatNumber } from '../../lib/format';
import { notifyError } from '../../lib/query-client';

/** Find a product by its EAN: typed, or entered by a barcode scanner (which types and presses Enter). */
export function EanLookup({ onFound }: { onFound: (product: Product) => void }) {
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

export function ProductFound({ product, onClose, onEdit, canManage }: { product: Product | null; onClose: () => void; onEdit: (p: Product) => void; canManage: boolean }) {
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
