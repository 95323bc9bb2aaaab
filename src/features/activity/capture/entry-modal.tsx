/**
 * Recording and changing information entries: a note, a material (a product found by name or by
 * its EAN — scanned with the camera or typed — whose price and VAT the server copies, or free text
 * with its own net unit price and VAT rate), with quantity and unit, or a described time. Full
 * screen on phones.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Alert,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconBarcode, IconInfoCircle } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  informationUpdateMutation,
  productsGetAllOptions,
} from '../../../../generated/api/@tanstack/react-query.gen';
import { productsGetByEan } from '../../../../generated/api/sdk.gen';
import type { Information, InformationSubType } from '../../../../generated/api/types.gen';
import { FormButtons } from '../../../components/form-modal';
import { ApiError } from '../../../lib/api-error';
import { formatMoney } from '../../../lib/format';
import { showSuccess } from '../../../lib/notifications';
import { entryChanged } from '../../../lib/data-events';
import { connectionLost, idempotencyHeaders, occurredAtIfOffline, queuedOffline, useOnline } from '../../../lib/offline-change';
import { findCatalogueEan, refreshCatalogue, releaseCatalogue, searchCatalogue, type CatalogueProduct } from '../../../lib/offline-catalogue';
import { queuedMutation } from '../../../lib/offline-queue';
import { BarcodeScannerModal } from './barcode-scanner';
import { DictatedTextarea } from '../../../components/ai/dictated-textarea';
import { LazyDictationButton as DictationButton } from '../../../components/ai/lazy-dictation-button';
import { aiSortDictation } from '../../../../generated/api/sdk.gen';

type Mode = { kind: 'create'; subType: InformationSubType; customerId: string } | { kind: 'edit'; entry: Information };

interface Values {
  text: string;
  productId: string | null;
  productName: string | null;
  quantity: number | string;
  unit: string;
  /** Free-text material only: net euro per unit ('' = none given) and the VAT rate. */
  unitPrice: number | string;
  vatRate: '19' | '7' | '0';
  hours: number | string;
  minutes: number | string;
  /** The day the time was worked (`YYYY-MM-DD`, local); a time entry may be for another day. */
  day: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The local calendar day of an instant, as an `<input type="date">` holds it. */
export const localDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/**
 * When a time entry happened for its chosen day: today is now; another day keeps the time of day
 * it had (an edit) or takes the present one (a new entry), so the entry sorts into that day. A day
 * left as it was sends nothing (an edit keeps its instant).
 */
export function occurredAtFor(day: string, original: string | null, now: Date = new Date()): string | undefined {
  const before = original ? new Date(original) : null;
  if (before ? localDay(before) === day : localDay(now) === day) return undefined;
  const [year, month, date] = day.split('-').map(Number);
  const clock = before ?? now;
  const at = new Date(year, month - 1, date, clock.getHours(), clock.getMinutes(), clock.getSeconds());
  // A new entry for an earlier day never lies in the future of today's clock.
  return (at.getTime() > now.getTime() ? now : at).toISOString();
}

function initialValues(mode: Mode): Values {
  if (mode.kind === 'create') return { text: '', productId: null, productName: null, quantity: 1, unit: '', unitPrice: '', vatRate: '19', hours: 1, minutes: 0, day: localDay(new Date()) };
  const e = mode.entry;
  const seconds = e.durationSeconds ?? 0;
  return {
    text: e.text ?? '',
    productId: e.productId,
    productName: e.productName,
    quantity: e.quantity ?? 1,
    unit: e.unit ?? '',
    unitPrice: e.unitPrice ?? '',
    vatRate: e.vatRate === 7 ? '7' : e.vatRate === 0 ? '0' : '19',
    hours: Math.floor(seconds / 3600),
    minutes: Math.round((seconds % 3600) / 60),
    day: localDay(new Date(e.occurredAtUtc)),
  };
}

/** Reads without an answer from the server: the connection is away. */

function ProductPicker({
  value,
  valueName,
  onPick,
}: {
  value: string | null;
  valueName: string | null;
  onPick: (product: CatalogueProduct | null) => void;
}) {
  const { t } = useLingui();
  const online = useOnline();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [scanning, setScanning] = useState(false);
  const [notFound, setNotFound] = useState<string | null>(null);
  const [noCatalogue, setNoCatalogue] = useState(false);
  const [looking, setLooking] = useState(false);
  const filter = debounced.trim();
  const products = useQuery({
    ...productsGetAllOptions({ query: { filter: filter || undefined, page: 1, pageSize: 20, isDescending: false, includeArchived: false } }),
    placeholderData: keepPreviousData,
    enabled: online,
  });
  // Offline (or when the connection broke) the search runs on the catalogue kept on the device (decision 0042).
  const fromDevice = !online || (products.isError && connectionLost(products.error));
  const kept = useQuery({
    queryKey: ['catalogue-on-device', filter],
    queryFn: () => searchCatalogue(filter),
    enabled: fromDevice,
    gcTime: 0,
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (online) void refreshCatalogue();
    return releaseCatalogue;
  }, [online]);
  const items: CatalogueProduct[] = fromDevice ? (kept.data ?? []) : (products.data?.data.items ?? []);
  const byId = new Map(items.map((p) => [p.id, p]));
  const data = items.map((p) => ({ value: p.id, label: `${p.name} · ${formatMoney(p.netPrice)} / ${p.unit}` }));
  if (value && !byId.has(value)) data.unshift({ value, label: valueName ?? value });
  const missing = fromDevice && kept.data === null;

  const lookUpOnDevice = async (ean: string) => {
    const product = await findCatalogueEan(ean);
    setScanning(false);
    if (product) onPick(product);
    else if (product === null) setNoCatalogue(true);
    else setNotFound(ean);
  };

  const lookUp = async (ean: string) => {
    setLooking(true);
    setNotFound(null);
    setNoCatalogue(false);
    try {
      if (fromDevice) return await lookUpOnDevice(ean);
      const answer = await productsGetByEan({ query: { ean } });
      const product = answer.data?.data;
      if (product) {
        onPick(product);
        setScanning(false);
      }
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
        setNotFound(ean);
        setScanning(false);
      } else if (connectionLost(error)) await lookUpOnDevice(ean);
      else throw error;
    } finally {
      setLooking(false);
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          style={{ flex: 1 }}
          label={t`Product`}
          placeholder={t`Search by name or EAN`}
          searchable
          clearable
          nothingFoundMessage={missing ? t`The catalogue is not on this device yet.` : t`No product found`}
          data={data}
          value={value}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          onChange={(id) => onPick(id ? (byId.get(id) ?? null) : null)}
          comboboxProps={{ withinPortal: true }}
        />
        <Tooltip label={t`Scan EAN or QR code`}>
          <ActionIcon size={36} variant="light" aria-label={t`Scan EAN or QR code`} onClick={() => setScanning(true)} loading={looking}>
            <IconBarcode size={20} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {notFound ? (
        <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />} withCloseButton onClose={() => setNotFound(null)}>
          <Trans>No product has the EAN {notFound}. Choose another one or describe the material as free text.</Trans>
        </Alert>
      ) : null}
      {fromDevice ? (
        <Text fz="xs" c="dimmed">
          {missing || noCatalogue ? (
            <Trans>Offline: the catalogue is not on this device yet (it is kept after the first visit online). Describe the material as free text.</Trans>
          ) : (
            <Trans>Offline: searching the catalogue kept on this device.</Trans>
          )}
        </Text>
      ) : null}
      <BarcodeScannerModal opened={scanning} onClose={() => setScanning(false)} onCode={(code) => void lookUp(code)} />
    </Stack>
  );
}

export function EntryModal({ mode, onClose }: { mode: Mode | null; onClose: () => void }) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const subType = mode ? (mode.kind === 'create' ? mode.subType : mode.entry.subType) : 'note';
  const titles: Record<InformationSubType, string> = {
    note: mode?.kind === 'edit' ? t`Edit note` : t`New note`,
    material: mode?.kind === 'edit' ? t`Edit material` : t`Add material`,
    time: mode?.kind === 'edit' ? t`Edit time entry` : t`New time entry`,
  };
  return (
    <Modal opened={mode !== null} onClose={onClose} title={titles[subType]} fullScreen={!!phone} size="lg">
      {mode ? <EntryForm key={mode.kind === 'edit' ? mode.entry.id : mode.subType} mode={mode} onDone={onClose} /> : null}
    </Modal>
  );
}

function EntryForm({ mode, onDone }: { mode: Mode; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const subType = mode.kind === 'create' ? mode.subType : mode.entry.subType;
  const [values, setValues] = useState<Values>(() => initialValues(mode));
  const [freeText, setFreeText] = useState(mode.kind === 'edit' && subType === 'material' && !mode.entry.productId);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));

  const onSuccess = async () => {
    await entryChanged(queryClient);
    showSuccess(mode.kind === 'create' ? t`Saved.` : t`Changes saved.`);
    onDone();
  };
  const onError = (error: unknown) => {
    if (error instanceof ApiError) {
      const next: Record<string, string> = {};
      for (const [field, messages] of Object.entries(error.fieldErrors)) next[field === 'durationSeconds' ? 'hours' : field] = messages[0];
      setErrors(next);
    }
  };
  // The create's success is the form's (`mutate`'s own callback): sent later from the queue, a
  // saved entry must not close a form opened since; the queue's default refreshes the screens.
  const create = useMutation({ ...queuedMutation('entryCreate'), onError });
  const update = useMutation({ ...informationUpdateMutation(), onSuccess, onError });
  const saving = create.isPending || update.isPending;

  /**
   * A dictated material ("zwölf Fliesen 30 mal 60"): sorted by the server into product (or free
   * text), quantity and unit, shown in the fields to check; without proposals it is the free text.
   */
  const takeDictatedMaterial = async (dictated: string) => {
    try {
      const proposal = (await aiSortDictation({ body: { text: dictated, language: i18n.locale === 'en' ? 'en' : 'de' } })).data!.data;
      const material = proposal.materials[0];
      if (material) {
        setFreeText(!material.productId);
        setValues((v) => ({
          ...v,
          productId: material.productId,
          productName: material.productName,
          text: material.productId ? v.text : material.text,
          quantity: material.quantity,
          unit: material.unit,
        }));
        return;
      }
    } catch {
      // No proposal (not set up, limit reached): the dictated words stay as free text.
    }
    setFreeText(true);
    setValues((v) => ({ ...v, productId: null, productName: null, text: dictated }));
  };

  const submit = () => {
    const local: Record<string, string> = {};
    const text = values.text.trim();
    const quantity = Number(values.quantity);
    const durationSeconds = Number(values.hours || 0) * 3600 + Number(values.minutes || 0) * 60;
    if (subType === 'note' && !text) local.text = t`Please enter a text.`;
    if (subType === 'material') {
      if (!freeText && !values.productId) local.productId = t`Please choose a product or describe the material.`;
      if (freeText && !text) local.text = t`Please describe the material.`;
      if (freeText && !values.unit.trim()) local.unit = t`Please enter a unit.`;
      if (!(quantity > 0)) local.quantity = t`The quantity must be greater than 0.`;
      if (freeText && values.unitPrice !== '' && !(Number(values.unitPrice) >= 0 && Number(values.unitPrice) <= 1000000)) {
        local.unitPrice = t`The price must be between 0 and 1,000,000 €.`;
      }
    }
    if (subType === 'time' && (durationSeconds < 60 || durationSeconds > 86400)) local.hours = t`The duration must be between 1 minute and 24 hours.`;
    if (subType === 'time' && !/^\d{4}-\d{2}-\d{2}$/.test(values.day)) local.day = t`Please enter a date.`;
    else if (subType === 'time' && values.day > localDay(new Date())) local.day = t`The date cannot be in the future.`;
    setErrors(local);
    if (Object.keys(local).length) return;

    const fields =
      subType === 'note'
        ? { text }
        : subType === 'time'
          ? { text: text || null, durationSeconds, occurredAtUtc: occurredAtFor(values.day, mode.kind === 'edit' ? mode.entry.occurredAtUtc : null) }
          : freeText
            ? { text, quantity, unit: values.unit.trim(), unitPrice: values.unitPrice === '' ? null : Number(values.unitPrice), vatRate: Number(values.vatRate) as 19 | 7 | 0 }
            : { productId: values.productId, quantity, unit: values.unit.trim() || null };
    if (mode.kind === 'create') {
      // Offline the entry waits for the connection with its key and the moment recorded (decision 0038).
      create.mutate({ body: { customerId: mode.customerId, subType, ...occurredAtIfOffline(), ...fields }, headers: idempotencyHeaders() }, { onSuccess });
      if (queuedOffline()) onDone();
    } else update.mutate({ body: { id: mode.entry.id, ...fields } });
  };

  return (
    <form
      // The fields' own messages, not the browser's bubbles (the date's `max` would raise one).
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        {subType === 'note' ? (
          <DictatedTextarea label={t`Note`} minRows={4} autofocus value={values.text} error={errors.text} onChange={(next) => setValues((v) => ({ ...v, text: next(v.text) }))} />
        ) : null}

        {subType === 'material' ? (
          <>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <SegmentedControl
                style={{ flex: 1 }}
                value={freeText ? 'free' : 'product'}
                onChange={(value) => setFreeText(value === 'free')}
                data={[
                  { value: 'product', label: t`From the catalogue` },
                  { value: 'free', label: t`Free text` },
                ]}
              />
              <DictationButton besideLabel={false} label={t`Dictate the material`} onText={(dictated) => void takeDictatedMaterial(dictated)} />
            </Group>
            {freeText ? (
              <TextInput
                label={t`Material`}
                maxLength={4000}
                value={values.text}
                error={errors.text}
                onChange={(event) => set({ text: event.currentTarget.value })}
              />
            ) : (
              <>
                <ProductPicker
                  value={values.productId}
                  valueName={values.productName}
                  onPick={(product) =>
                    set({ productId: product?.id ?? null, productName: product?.name ?? null, unit: product?.unit ?? '' })
                  }
                />
                {errors.productId ? (
                  <Text c="red" fz="sm">
                    {errors.productId}
                  </Text>
                ) : null}
              </>
            )}
            <Group grow align="flex-start">
              <NumberInput
                label={t`Quantity`}
                min={0}
                max={1000000}
                decimalScale={3}
                decimalSeparator={i18n.locale === 'de' ? ',' : '.'}
                value={values.quantity}
                error={errors.quantity}
                onChange={(value) => set({ quantity: value })}
              />
              <TextInput
                label={t`Unit`}
                maxLength={20}
                placeholder={freeText ? t`e.g. pcs, m` : undefined}
                value={values.unit}
                error={errors.unit}
                onChange={(event) => set({ unit: event.currentTarget.value })}
              />
            </Group>
            {freeText ? (
              <Group grow align="flex-start">
                <NumberInput
                  label={t`Unit price (net)`}
                  description={t`Without a price the material is billed at 0.00 €.`}
                  min={0}
                  max={1000000}
                  decimalScale={2}
                  fixedDecimalScale={false}
                  decimalSeparator={i18n.locale === 'de' ? ',' : '.'}
                  thousandSeparator={i18n.locale === 'de' ? '.' : ','}
                  suffix=" €"
                  value={values.unitPrice}
                  error={errors.unitPrice}
                  onChange={(value) => set({ unitPrice: value })}
                />
                <Select
                  label={t`VAT rate`}
                  description={t`For this material`}
                  data={[
                    { value: '19', label: '19 %' },
                    { value: '7', label: '7 %' },
                    { value: '0', label: '0 %' },
                  ]}
                  value={values.vatRate}
                  allowDeselect={false}
                  error={errors.vatRate}
                  onChange={(value) => value && set({ vatRate: value as Values['vatRate'] })}
                  comboboxProps={{ withinPortal: true }}
                />
              </Group>
            ) : (
              <Text fz="xs" c="dimmed">
                <Trans>Price and VAT are taken from the product as it is now.</Trans>
              </Text>
            )}
          </>
        ) : null}

        {subType === 'time' ? (
          <>
            <TextInput
              type="date"
              label={t`Date`}
              required
              max={localDay(new Date())}
              value={values.day}
              error={errors.day ?? errors.occurredAtUtc}
              onChange={(event) => set({ day: event.currentTarget.value })}
            />
            <Group grow align="flex-start">
              <NumberInput label={t`Hours`} min={0} max={24} allowDecimal={false} value={values.hours} error={errors.hours} onChange={(value) => set({ hours: value })} />
              <NumberInput label={t`Minutes`} min={0} max={59} step={5} allowDecimal={false} value={values.minutes} onChange={(value) => set({ minutes: value })} />
            </Group>
            <DictatedTextarea label={t`What was done`} minRows={2} value={values.text} error={errors.text} onChange={(next) => setValues((v) => ({ ...v, text: next(v.text) }))} />
          </>
        ) : null}

        <FormButtons onCancel={onDone} saving={saving} />
      </Stack>
    </form>
  );
}
