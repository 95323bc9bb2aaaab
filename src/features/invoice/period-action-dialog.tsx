/**
 * The dialog of the period actions (period-actions.tsx): the period, the option, the counts the
 * server states on a dry run, and the confirmation. Loaded when the screen is idle, not with it.
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Group, Modal, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconChecks, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invoiceDeleteActivitiesByFilter, invoiceMarkActivitiesAsProcessedByFilter } from '../../../generated/api/sdk.gen';
import { ApiError } from '../../lib/api-error';
import { showSuccess } from '../../lib/notifications';
import { useFirmSettings } from '../../lib/firm-settings';
import { boundedPeriodPresets, periodLabels, periodRange, rangeToQuery, type BoundedPeriodPreset, type DayRange } from '../../lib/periods';

export type PeriodAction = 'mark' | 'delete';

interface Counts {
  informationCount: number;
  timeTrackCount: number;
  imageCount: number;
  skippedCount?: number;
}

const total = (c: Counts) => c.informationCount + c.timeTrackCount + c.imageCount;

function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.messages.map((m) => m.message).join(' ');
  return String(error);
}

export function PeriodActionDialog({
  action,
  customerId,
  onChanged,
  onClose,
}: {
  action: PeriodAction;
  customerId?: string;
  onChanged: (queryClient: QueryClient) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [preset, setPreset] = useState<BoundedPeriodPreset>('lastMonth');
  const { timeZone } = useFirmSettings();
  const [manual, setManual] = useState<DayRange>(periodRange('currentMonth', new Date(), undefined, timeZone));
  const [archive, setArchive] = useState(false);
  const [onlyProcessed, setOnlyProcessed] = useState(true);
  const period = rangeToQuery(periodRange(preset, new Date(), manual, timeZone), timeZone);

  const run = async (dryRun: boolean): Promise<Counts> => {
    if (action === 'mark') {
      const answer = await invoiceMarkActivitiesAsProcessedByFilter({ body: { customerId, ...period, archive, dryRun }, throwOnError: true });
      return answer.data.data;
    }
    const answer = await invoiceDeleteActivitiesByFilter({ body: { customerId: customerId!, ...period, onlyProcessed, dryRun }, throwOnError: true });
    return answer.data.data;
  };
  const preview = useQuery({
    queryKey: ['periodAction', action, customerId, period, archive, onlyProcessed],
    queryFn: () => run(true),
    placeholderData: keepPreviousData,
    retry: false,
    gcTime: 0,
    meta: { silent: true },
  });
  const confirm = useMutation({
    mutationFn: () => run(false),
    meta: { silent: true },
    onSuccess: async (counts) => {
      await onChanged(queryClient);
      const count = total(counts);
      showSuccess(
        action === 'delete'
          ? plural(count, { one: '# entry deleted.', other: '# entries deleted.' })
          : archive
            ? plural(count, { one: '# entry marked as processed and archived.', other: '# entries marked as processed and archived.' })
            : plural(count, { one: '# entry marked as processed.', other: '# entries marked as processed.' }),
      );
      onClose();
    },
  });

  const counts = preview.data;
  const count = counts ? total(counts) : 0;
  const presets = boundedPeriodPresets.map((p) => ({ value: p, label: i18n._(periodLabels[p]) }));
  const title = action === 'delete' ? t`Delete the entries of a period` : t`Mark a period as processed`;

  return (
    <Modal opened onClose={onClose} title={title} size="lg" data-testid="period-action-dialog">
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select label={t`Period`} data={presets} value={preset} onChange={(v) => v && setPreset(v as BoundedPeriodPreset)} allowDeselect={false} w={190} />
          {preset === 'manual' ? (
            <>
              <TextInput type="date" label={t`From`} value={manual.from} onChange={(e) => setManual({ ...manual, from: e.currentTarget.value })} />
              <TextInput type="date" label={t`To`} value={manual.to} onChange={(e) => setManual({ ...manual, to: e.currentTarget.value })} />
            </>
          ) : null}
        </Group>
        {action === 'mark' ? (
          <Checkbox
            checked={archive}
            onChange={(e) => setArchive(e.currentTarget.checked)}
            label={t`Archive them as well (hidden from open positions, no longer changeable)`}
          />
        ) : (
          <Checkbox
            checked={onlyProcessed}
            onChange={(e) => setOnlyProcessed(e.currentTarget.checked)}
            label={t`Only entries already processed (billed or marked)`}
          />
        )}
        <div aria-live="polite" data-testid="period-action-counts">
          {preview.isPending ? (
            <Skeleton height={60} />
          ) : preview.isError ? (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
              {errorText(preview.error)}
            </Alert>
          ) : counts ? (
            <Alert color={action === 'delete' ? 'red' : 'blue'} icon={action === 'delete' ? <IconTrash size={18} /> : <IconChecks size={18} />}>
              <Stack gap={4}>
                <Text fz="sm" fw={600}>
                  {action === 'delete'
                    ? plural(count, { 0: 'Nothing to delete in this period.', one: '# entry will be deleted:', other: '# entries will be deleted:' })
                    : plural(count, { 0: 'Nothing open in this period.', one: '# entry will be marked:', other: '# entries will be marked:' })}
                </Text>
                {count > 0 ? (
                  <Text fz="sm">
                    {plural(counts.informationCount, { one: '# note, time or material entry', other: '# notes, time and material entries' })},{' '}
                    {plural(counts.timeTrackCount, { one: '# time track', other: '# time tracks' })},{' '}
                    {plural(counts.imageCount, { one: '# photo', other: '# photos' })}
                  </Text>
                ) : null}
                {counts.skippedCount ? (
                  <Text fz="sm">
                    {plural(counts.skippedCount, {
                      one: '# entry is kept: it is signed by the customer or a timer still running.',
                      other: '# entries are kept: they are signed by the customer or timers still running.',
                    })}
                  </Text>
                ) : null}
                {action === 'delete' && count > 0 ? (
                  <Text fz="sm">
                    <Trans>Deleted entries cannot be restored; the audit trail keeps what they said.</Trans>
                  </Text>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
        </div>
        {confirm.error ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />}>
            {errorText(confirm.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={confirm.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            color={action === 'delete' ? 'red' : undefined}
            leftSection={action === 'delete' ? <IconTrash size={16} /> : <IconChecks size={16} />}
            disabled={!counts || count === 0 || preview.isFetching}
            loading={confirm.isPending}
            onClick={() => confirm.mutate()}
          >
            {action === 'delete'
              ? plural(count, { one: 'Delete # entry', other: 'Delete # entries' })
              : plural(count, { one: 'Mark # entry', other: 'Mark # entries' })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
