/**
 * Create and edit a product in a modal (full screen on phones): name, EAN (check digit checked
 * while typing, again by the server), unit (common units offered, any other allowed), net price,
 * VAT rate 19 / 7 / 0 % and stock. Server field errors land on the fields.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Autocomplete, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { productsCreateMutation, productsUpdateMutation } from '../../../generated/api/@tanstack/react-query.gen';
import type { Product } from '../../../generated/api/types.gen';
import { zProductCreate } from '../../../generated/api/zod.gen';
import { FormButtons, FormModal } from '../../components/form-modal';
import { applyServerFieldErrors, zodFormValidator } from '../../lib/form-validation';
import { i18n as globalI18n } from '../../lib/i18n';
import { showSuccess } from '../../lib/notifications';
import { productCreated, productUpdated } from './api/cache';
import { isValidEan } from './ean';
import { DEFAULT_UNIT, emptyProductValues, productToValues, productValuesToBody, type ProductFormValues } from './product-values';

const COMMON_UNITS = ['Stk', 'm', 'm²', 'm³', 'lfm', 'kg', 'l', 'h', 'Pkg', 'Rolle', 'Sack', 'Pausch'];

const eanMessage = msg`This EAN is not valid: it needs 8, 12 or 13 digits and a matching check digit.`;
const priceMessage = msg`Please enter a net price.`;

function productFormSchema() {
  const { shape } = zProductCreate;
  return z.object({
    name: z.string().trim().min(1).max(200),
    ean: z
      .string()
      .transform((value) => value.replace(/\s+/g, ''))
      .refine((value) => value === '' || isValidEan(value), { message: globalI18n._(eanMessage) }),
    unit: z.string().trim().max(20),
    netPrice: z.union([shape.netPrice, z.literal('')]).refine((value) => value !== '', { message: globalI18n._(priceMessage) }),
    vatRate: z.enum(['19', '7', '0']),
    stock: z.union([z.literal(''), z.number().gte(-1_000_000_000).lte(1_000_000_000)]),
  });
}

const validateProduct = (values: ProductFormValues) => zodFormValidator(productFormSchema())(values);

export function ProductFormModal({
  opened,
  onClose,
  product,
}: {
  opened: boolean;
  onClose: () => void;
  /** The product to edit; without one the form creates a product. */
  product?: Product;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title={product ? <Trans>Edit material</Trans> : <Trans>New material</Trans>}>
      <ProductForm key={product?.id ?? 'new'} product={product} onDone={onClose} />
    </FormModal>
  );
}

function ProductForm({ product, onDone }: { product?: Product; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const form = useForm<ProductFormValues>({
    initialValues: product ? productToValues(product) : emptyProductValues,
    validate: validateProduct,
  });
  const create = useMutation({
    ...productsCreateMutation(),
    onSuccess: async (answer) => {
      await productCreated(queryClient, answer.data);
      showSuccess(t`Material created.`);
      onDone();
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  const update = useMutation({
    ...productsUpdateMutation(),
    onSuccess: async (answer) => {
      await productUpdated(queryClient, answer.data);
      showSuccess(t`Material saved.`);
      onDone();
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });

  const submit = form.onSubmit((values) => {
    const body = productValuesToBody(values);
    if (product) update.mutate({ body: { ...body, id: product.id } });
    else create.mutate({ body });
  });
  const decimal = i18n.locale === 'de' ? ',' : '.';
  const thousands = i18n.locale === 'de' ? '.' : ',';

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <TextInput label={t`Name`} withAsterisk maxLength={200} data-autofocus {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t`EAN`}
            description={t`EAN-8, UPC-A or EAN-13; optional`}
            inputMode="numeric"
            maxLength={16}
            {...form.getInputProps('ean')}
          />
          <Autocomplete
            label={t`Unit`}
            description={t`Empty: ${DEFAULT_UNIT}`}
            data={COMMON_UNITS}
            maxLength={20}
            comboboxProps={{ withinPortal: true }}
            placeholder={DEFAULT_UNIT}
            // Every common unit is offered until the typed text narrows them.
            filter={({ options, search }) => {
              const query = search.trim().toLowerCase();
              if (!query || COMMON_UNITS.some((u) => u.toLowerCase() === query)) return options;
              return options.filter((o) => 'value' in o && o.value.toLowerCase().includes(query));
            }}
            {...form.getInputProps('unit')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            label={t`Net price`}
            withAsterisk
            min={0}
            max={1_000_000}
            decimalScale={2}
            decimalSeparator={decimal}
            thousandSeparator={thousands}
            suffix=" €"
            allowNegative={false}
            {...form.getInputProps('netPrice')}
          />
          <NumberInput
            label={t`Stock`}
            description={t`Empty: stock is not tracked`}
            decimalScale={3}
            decimalSeparator={decimal}
            thousandSeparator={thousands}
            {...form.getInputProps('stock')}
          />
        </SimpleGrid>
        <Stack gap={4}>
          <Text fz="sm" fw={500} id="vat-rate-label">
            <Trans>VAT rate</Trans>
          </Text>
          <SegmentedControl
            aria-labelledby="vat-rate-label"
            data={[
              { value: '19', label: '19 %' },
              { value: '7', label: '7 %' },
              { value: '0', label: '0 %' },
            ]}
            {...form.getInputProps('vatRate')}
          />
        </Stack>
        <FormButtons onCancel={onDone} saving={create.isPending || update.isPending} />
      </Stack>
    </form>
  );
}
