/**
 * The dialog of "Prepare invoice" (Owner, Admin, Manager; the button is prepare-invoice-button.tsx):
 * a customer and a period (counted in the firm's time zone), or the entries selected in a list,
 * plus language (the firm's invoice language first) and title. Shows the positions and totals as
 * the server computes them, with the texts the person edited (invoice-positions.tsx), and the PDF
 * draft; a period without open entries says so and offers nothing to bill.
 *
 * Drafts lock nothing (decision 0035): the preview and the draft files (CSV, XLSX, PDF, under the
 * server's file name) change no entry. The invoice itself is issued here (issue-invoice.tsx), which
 * gives it the next number and binds its entries; a firm that issues its invoices in lexoffice
 * sends the positions there instead. A firm that bills elsewhere may mark the entries of a
 * downloaded draft processed, by its own choice (`Invoice/MarkActivitiesAsProcessed`); the caller
 * refreshes what shows them (`onMarked`).
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconChecks, IconFileSpreadsheet, IconFileTypeCsv, IconFileTypePdf, IconInbox, IconInfoCircle } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { customersGetAllOptions, managementGetTenantOptions } from '../../../generated/api/@tanstack/react-query.gen';
import { invoiceCreatePreviewFromActivities, invoiceMarkActivitiesAsProcessed } from '../../../generated/api/sdk.gen';
import type { InvoicePreview, InvoicePreviewRequest, IssuedInvoice } from '../../../generated/api/types.gen';
import { ApiError } from '../../lib/api-error';
import { formatMoney } from '../../lib/format';
import { useFirmSettings } from '../../lib/firm-settings';
import { showSuccess } from '../../lib/notifications';
import { boundedPeriodPresets, periodLabels, periodRange, rangeToQuery, type BoundedPeriodPreset, type DayRange } from '../../lib/periods';
import type { InvoiceSelection } from './prepare-invoice-button';
import { InvoicePositions } from './invoice-positions';
import { SummaryButton } from '../../components/ai/summary-modal';
import { blobOf } from './files';
import { LexofficeExport } from './lexoffice-export';
import { IssueInvoice, IssuedInvoiceResult } from './issue-invoice';
import { useObjectUrl } from '../../lib/use-object-url';
import { download } from '../../lib/download';

type Format = 'pdf' | 'csv' | 'xlsx';
type Language = 'de' | 'en';

const MARK_CHUNK = 5000;

async function previewOf(body: Omit<InvoicePreviewRequest, 'outputFormat'>, outputFormat: InvoicePreviewRequest['outputFormat']): Promise<InvoicePreview> {
  const answer = await invoiceCreatePreviewFromActivities({ body: { ...body, outputFormat } });
  return answer.data!.data;
}

function errorText(error: unknown): string | undefined {
  if (!error) return undefined;
  if (error instanceof ApiError) return error.messages.map((m) => m.message).join(' ');
  return String(error);
}

function CustomerPicker({ value, onChange, disabled }: { value: string | null; onChange: (id: string | null) => void; disabled: boolean }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [filter] = useDebouncedValue(search.trim(), 250);
  const customers = useQuery({
    ...customersGetAllOptions({ query: { page: 1, pageSize: 20, filter: filter || undefined, orderBy: 'displayName', isDescending: false, includeArchived: false } }),
    placeholderData: keepPreviousData,
  });
  const data = (customers.data?.data.items ?? []).map((c) => ({ value: c.id, label: c.displayName }));
  return (
    <Select
      label={t`Customer`}
      placeholder={t`Search by name, city or phone`}
      searchable
      data={data}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      rightSection={customers.isFetching ? <Loader size="xs" /> : undefined}
      nothingFoundMessage={t`No customer found`}
      disabled={disabled}
      data-testid="invoice-customer"
    />
  );
}

export function InvoiceDialog({
  onClose,
  customerId: fixedCustomer,
  selection,
  onMarked,
}: {
  onClose: () => void;
  customerId?: string;
  selection?: InvoiceSelection;
  onMarked: (queryClient: QueryClient) => Promise<unknown>;
}) {
  const { t, i18n } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const queryClient = useQueryClient();
  const firm = useFirmSettings();
  const [customerId, setCustomerId] = useState<string | null>(fixedCustomer ?? null);
  const [preset, setPreset] = useState<BoundedPeriodPreset>(selection ? 'manual' : 'lastMonth');
  const [manual, setManual] = useState<DayRange>(selection?.range ?? periodRange('currentMonth', new Date(), undefined, firm.timeZone));
  // The firm's invoice language until the person picks another for this invoice.
  const [chosenLanguage, setLanguage] = useState<Language | null>(null);
  const language: Language = chosenLanguage ?? firm.invoiceLanguage ?? 'de';
  const [title, setTitle] = useState('');
  const [debouncedTitle] = useDebouncedValue(title.trim(), 400);

  // The draft files downloaded so far and the positions they hold, for "mark processed" by choice.
  const [exported, setExported] = useState<{ fileNames: string[]; preview: InvoicePreview } | null>(null);
  const [archive, setArchive] = useState(false);
  const [sentToLexoffice, setSentToLexoffice] = useState(false);
  // Once issued (or sent to lexoffice) the form is fixed: it shows what was billed.
  const [issued, setIssued] = useState<IssuedInvoice | null>(null);
  const tenant = useQuery({ ...managementGetTenantOptions(), staleTime: 60_000, meta: { silent: true } });
  const issuesInLexoffice = tenant.data?.data.invoiceIssuer === 'lexoffice';

  const range = periodRange(preset, new Date(), manual, firm.timeZone);
  const period = rangeToQuery(range, firm.timeZone);
  // The texts the person wrote for positions, by position key, sent with every preview and export;
  // they belong to the customer and period they were written for (other entries, other positions).
  const scope = `${customerId}|${period.fromDate}|${period.toDate}`;
  const [edits, setEdits] = useState<{ scope: string; texts: Record<string, string> }>({ scope, texts: {} });
  const [debouncedEdits] = useDebouncedValue(edits, 300);
  const texts = edits.scope === scope ? edits.texts : {};
  const debouncedTexts = debouncedEdits.scope === scope ? debouncedEdits.texts : {};
  const setText = (key: string, text: string | null) =>
    setEdits((current) => {
      const { [key]: _old, ...rest } = current.scope === scope ? current.texts : {};
      return { scope, texts: text === null ? rest : { ...rest, [key]: text } };
    });
  const body = useMemo(
    () =>
      // The firm's zone and language are known first: no preview of the wrong period or language.
      customerId && firm.settled
        ? {
            customerId,
            ...period,
            language,
            ...(debouncedTitle ? { title: debouncedTitle } : {}),
            ...(Object.keys(debouncedTexts).length > 0 ? { positionTexts: debouncedTexts } : {}),
            ...(selection ? { informationIds: selection.informationIds, timeTrackIds: selection.timeTrackIds } : {}),
          }
        : null,
    [customerId, firm.settled, period.fromDate, period.toDate, language, debouncedTitle, debouncedTexts, selection], // eslint-disable-line react-hooks/exhaustive-deps -- period by its instants
  );
  const preview = useQuery({
    queryKey: ['invoicePreview', 'json', body],
    queryFn: () => previewOf(body!, 'json'),
    enabled: !!body && !issued,
    retry: false,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const hasPositions = (preview.data?.positions.length ?? 0) > 0;
  const pdf = useQuery({
    queryKey: ['invoicePreview', 'pdf', body],
    queryFn: async () => blobOf((await previewOf(body!, 'pdf')).document!),
    enabled: !!body && !issued && preview.isSuccess && !preview.isPlaceholderData && hasPositions,
    retry: false,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const pdfUrl = useObjectUrl(pdf.data);

  // What is typed right now, not what the debounce has passed on yet.
  const currentBody = () => {
    const { positionTexts: _debounced, ...rest } = body!;
    return Object.keys(texts).length > 0 ? { ...rest, positionTexts: texts } : rest;
  };
  const exportFile = useMutation({
    mutationFn: async (format: Format) => {
      const answer = await previewOf(currentBody(), format);
      return { answer, document: answer.document! };
    },
    // Why an export failed stays in the dialog (it may list what the profile lacks), not in a toast.
    meta: { silent: true },
    onSuccess: ({ answer, document }) => {
      download(blobOf(document), document.fileName);
      setExported((current) => ({ fileNames: [...(current?.fileNames ?? []), document.fileName], preview: answer }));
    },
  });
  const mark = useMutation({
    mutationFn: async (archive: boolean) => {
      const positions = exported!.preview.positions;
      const informationIds = [...new Set(positions.flatMap((p) => p.informationIds))];
      const timeTrackIds = [...new Set(positions.flatMap((p) => p.timeTrackIds))];
      let count = 0;
      // The call takes at most 5000 ids per list.
      for (let i = 0; i < Math.max(informationIds.length, timeTrackIds.length); i += MARK_CHUNK) {
        const answer = await invoiceMarkActivitiesAsProcessed({
          body: { informationIds: informationIds.slice(i, i + MARK_CHUNK), timeTrackIds: timeTrackIds.slice(i, i + MARK_CHUNK), archive },
        });
        count += answer.data!.data.informationCount + answer.data!.data.timeTrackCount;
      }
      return { count, archive };
    },
    onSuccess: async ({ count, archive }) => {
      await onMarked(queryClient);
      await queryClient.invalidateQueries({ queryKey: ['invoicePreview'] });
      showSuccess(
        archive
          ? plural(count, { one: '# entry marked as processed and archived.', other: '# entries marked as processed and archived.' })
          : plural(count, { one: '# entry marked as processed.', other: '# entries marked as processed.' }),
      );
      onClose();
    },
  });

  const shown = preview.data;
  const locked = !!issued || sentToLexoffice;
  const exportedFiles = exported?.fileNames.join(', ');
  const close = () => {
    if (mark.isPending) return;
    // Sent to lexoffice: the lists learn of the processed entries once the result was read.
    if (sentToLexoffice) void onMarked(queryClient);
    onClose();
  };
  const presets = boundedPeriodPresets.map((p) => ({ value: p, label: i18n._(periodLabels[p]) }));

  return (
    <Modal opened onClose={close} title={t`Prepare invoice`} size="90rem" fullScreen={!!phone} data-testid="invoice-dialog">
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          {fixedCustomer || selection ? null : <CustomerPicker value={customerId} onChange={setCustomerId} disabled={locked} />}
          <Select
            label={selection ? t`Service period` : t`Period`}
            data={presets}
            value={preset}
            onChange={(value) => value && setPreset(value as BoundedPeriodPreset)}
            allowDeselect={false}
            disabled={locked}
            w={190}
          />
          {preset === 'manual' ? (
            <>
              <TextInput type="date" label={t`From`} disabled={locked} value={manual.from} onChange={(e) => setManual({ ...manual, from: e.currentTarget.value })} />
              <TextInput type="date" label={t`To`} disabled={locked} value={manual.to} onChange={(e) => setManual({ ...manual, to: e.currentTarget.value })} />
            </>
          ) : null}
          <Stack gap={4}>
            <Text fz="sm" fw={500}>
              <Trans>Invoice language</Trans>
            </Text>
            <SegmentedControl
              disabled={locked}
              value={language}
              onChange={(value) => setLanguage(value as Language)}
              data={[
                { value: 'de', label: 'Deutsch' },
                { value: 'en', label: 'English' },
              ]}
            />
          </Stack>
          <TextInput label={t`Title`} disabled={locked} placeholder={shown?.title ?? t`From customer and period`} value={title} onChange={(e) => setTitle(e.currentTarget.value)} miw={260} style={{ flex: 1 }} />
          {customerId && !locked && shown && hasPositions ? (
            <SummaryButton
              customerId={customerId}
              range={period}
              entries={{ informationIds: [...new Set(shown.positions.flatMap((p) => p.informationIds))], timeTrackIds: [...new Set(shown.positions.flatMap((p) => p.timeTrackIds))] }}
              language={language}
              onUse={(proposal) => setTitle(proposal.title)}
            />
          ) : null}
        </Group>
        {selection ? (
          <Text fz="sm" c="dimmed">
            <Trans>Only the {selection.informationIds.length + selection.timeTrackIds.length} selected entries are billed; the period names the service period.</Trans>
          </Text>
        ) : null}

        {issued ? <IssuedInvoiceResult invoice={issued} /> : null}
        {exported && !issued ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title={t`Draft downloaded`} data-testid="invoice-exported">
            <Stack gap="sm">
              <Text fz="sm">
                <Trans>
                  Downloaded: {exportedFiles}. A draft changes no entry: they stay open until you issue the invoice. If you bill them elsewhere,
                  mark them processed.
                </Trans>
              </Text>
              <Group gap="sm">
                <Button
                  variant="default"
                  leftSection={<IconChecks size={16} />}
                  loading={mark.isPending}
                  onClick={() => mark.mutate(archive)}
                >
                  <Trans>Mark processed</Trans>
                </Button>
                <Checkbox label={t`Also archive`} checked={archive} disabled={mark.isPending} onChange={(e) => setArchive(e.currentTarget.checked)} />
              </Group>
              {mark.error ? <Text c="red" fz="sm">{errorText(mark.error)}</Text> : null}
            </Stack>
          </Alert>
        ) : null}
        {!customerId ? (
          <Text c="dimmed" fz="sm">
            <Trans>Choose a customer to see the open positions.</Trans>
          </Text>
        ) : preview.isPending ? (
          <Skeleton height={160} />
        ) : preview.isError ? (
          <Alert color="orange" icon={<IconAlertCircle size={18} />} data-testid="invoice-error">
            {errorText(preview.error)}
          </Alert>
        ) : shown && !hasPositions ? (
          <Alert color="gray" variant="light" icon={<IconInbox size={18} />} title={t`No open entries in this period`} data-testid="invoice-empty">
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">
                <Trans>There are no times or materials to bill for this customer in this period. Choose another period, or record times and materials first.</Trans>
              </Text>
              {!selection && preset !== 'currentMonth' ? (
                <Button size="compact-sm" variant="default" onClick={() => setPreset('currentMonth')}>
                  <Trans>Show the current month</Trans>
                </Button>
              ) : null}
            </Stack>
          </Alert>
        ) : shown ? (
          <Group align="flex-start" gap="md" wrap={phone ? 'wrap' : 'nowrap'}>
            <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
              <InvoicePositions positions={shown.positions} texts={texts} onText={setText} language={language} locked={locked} phone={!!phone} />
              <Stack gap={2} align="flex-end" data-testid="invoice-totals">
                <Text fz="sm">
                  <Trans>Net</Trans>: {formatMoney(shown.totals.net)}
                </Text>
                {shown.smallBusiness
                  ? null
                  : shown.totals.vatByRate.map((v) => (
                      <Text fz="sm" key={v.vatRate}>
                        <Trans>VAT {v.vatRate} %</Trans>: {formatMoney(v.vat)}
                      </Text>
                    ))}
                <Text fw={700}>
                  <Trans>Total</Trans>: {formatMoney(shown.totals.gross)}
                </Text>
                {shown.smallBusinessNote ? (
                  <Text fz="xs" c="dimmed">
                    {shown.smallBusinessNote}
                  </Text>
                ) : null}
              </Stack>
              {issued ? null : (
                <Group gap="sm" justify="flex-end" data-testid="invoice-drafts">
                  <Text fz="sm" c="dimmed">
                    <Trans>Drafts change no entry:</Trans>
                  </Text>
                  {(
                    [
                      ['csv', <IconFileTypeCsv size={16} key="csv" />, 'CSV'],
                      ['xlsx', <IconFileSpreadsheet size={16} key="xlsx" />, 'XLSX'],
                      ['pdf', <IconFileTypePdf size={16} key="pdf" />, 'PDF'],
                    ] as const
                  ).map(([format, icon, label]) => (
                    <Button
                      key={format}
                      variant="default"
                      leftSection={icon}
                      loading={exportFile.isPending && exportFile.variables === format}
                      disabled={exportFile.isPending}
                      onClick={() => exportFile.mutate(format)}
                    >
                      {t`Draft as ${label}`}
                    </Button>
                  ))}
                </Group>
              )}
              {issued || sentToLexoffice ? null : issuesInLexoffice ? (
                <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} data-testid="invoice-issued-elsewhere">
                  <Trans>Your firm issues its invoices in lexoffice (company tab): send the positions there; no number is assigned here.</Trans>
                </Alert>
              ) : (
                <IssueInvoice body={currentBody} disabled={!tenant.isSuccess} onIssued={setIssued} />
              )}
              {exportFile.error ? (
                <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="invoice-export-error">
                  {errorText(exportFile.error)}
                </Alert>
              ) : null}
              {body && !issued ? (
                <LexofficeExport
                  selection={body}
                  disabled={locked || sentToLexoffice}
                  onExported={() => setSentToLexoffice(true)}
                />
              ) : null}
            </Stack>
            {issued ? null : (
              <Stack gap={4} style={{ flex: 1, minWidth: phone ? '100%' : 360 }}>
                <Group gap="xs">
                  <Badge color="orange" variant="light">
                    <Trans>Draft</Trans>
                  </Badge>
                  <Text fz="xs" c="dimmed">
                    <Trans>Preview without invoice number</Trans>
                  </Text>
                </Group>
                {pdfUrl ? (
                  <iframe src={pdfUrl} title={t`Invoice draft (PDF)`} style={{ width: '100%', height: '70vh', border: '1px solid var(--mantine-color-default-border)' }} />
                ) : pdf.isError ? (
                  <Text c="red" fz="sm">
                    {errorText(pdf.error)}
                  </Text>
                ) : (
                  <Skeleton height="70vh" />
                )}
              </Stack>
            )}
          </Group>
        ) : null}
      </Stack>
    </Modal>
  );
}
