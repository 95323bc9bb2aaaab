/**
 * The customer confirms the work on the phone: they see the entries not yet confirmed (times,
 * notes, materials, time entries, photos; all ticked), type their name, sign on the screen, and the
 * server stores the signed PDF and locks what it covers. Afterwards the PDF can be downloaded at
 * once. The confirmation's id is chosen when the dialog opens, so sending twice stores it once.
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Stepper,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { customerActivitiesByCustomerOptions } from '../../../../generated/api/@tanstack/react-query.gen';
import type { CustomerActivity, WorkConfirmation } from '../../../../generated/api/types.gen';
import { ApiError } from '../../../lib/api-error';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { confirmationCreated } from '../../../lib/data-events';
import { idempotencyHeaders, queuedOffline } from '../../../lib/offline-change';
import { queuedMutation } from '../../../lib/offline-queue';
import { kindLooks } from '../activity-kinds';
import { formatDuration } from '../format';
import { downloadConfirmationPdf } from '../pdf';
import { newId } from '../../../lib/ids';
import { SignaturePad, type SignaturePadHandle } from './signature-pad';

const CONFIRMABLE = ['time', 'note', 'material', 'timeEntry', 'image'] as const;

function EntryLine({ item }: { item: CustomerActivity }) {
  const { i18n } = useLingui();
  const look = kindLooks[item.kind];
  const detail =
    item.kind === 'material'
      ? [`${formatNumber(item.quantity)} ${item.unit ?? ''}`.trim(), item.amount !== null ? formatMoney(item.amount) : null].filter(Boolean).join(' · ')
      : item.durationSeconds !== null
        ? formatDuration(item.durationSeconds)
        : null;
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text fz="sm" fw={500} truncate>
        {item.kind === 'time' || item.kind === 'note' || item.kind === 'timeEntry' ? i18n._(look.label) : `${i18n._(look.label)}: ${item.title}`}
      </Text>
      <Text fz="xs" c="dimmed" lineClamp={2}>
        {[formatDateTime(item.occurredAtUtc), detail, item.kind !== 'material' ? item.text : null].filter(Boolean).join(' · ')}
      </Text>
    </Stack>
  );
}

export function ConfirmationModal({
  customerId,
  customerName,
  opened,
  onClose,
}: {
  customerId: string;
  customerName: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal opened={opened} onClose={onClose} title={t`Work confirmation for ${customerName}`} fullScreen={!!phone} size="xl">
      {opened ? <ConfirmationFlow customerId={customerId} onClose={onClose} /> : null}
    </Modal>
  );
}

function ConfirmationFlow({ customerId, onClose }: { customerId: string; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [id] = useState(() => newId());
  const [step, setStep] = useState(0);
  const [excluded, setExcluded] = useState<Set<string>>(new Set());
  const [signee, setSignee] = useState('');
  const [place, setPlace] = useState('');
  const [language, setLanguage] = useState<'de' | 'en'>(i18n.locale === 'en' ? 'en' : 'de');
  const [signed, setSigned] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<WorkConfirmation | null>(null);
  const [downloading, setDownloading] = useState(false);
  const pad = useRef<SignaturePadHandle>(null);

  const open = useQuery({
    ...customerActivitiesByCustomerOptions({
      query: {
        customerId,
        includeProcessed: true,
        includeUnprocessed: true,
        archived: 'exclude',
        kind: [...CONFIRMABLE],
        page: 1,
        pageSize: 500,
        isDescending: false,
      },
    }),
    staleTime: 0,
  });
  const items = useMemo(() => (open.data?.data.items ?? []).filter((i) => !i.locked), [open.data]);
  const chosen = items.filter((i) => !excluded.has(i.id));
  const seconds = chosen.reduce((sum, i) => sum + (i.kind === 'time' || i.kind === 'timeEntry' ? (i.durationSeconds ?? 0) : 0), 0);
  const amount = chosen.reduce((sum, i) => sum + (i.kind === 'material' ? (i.amount ?? 0) : 0), 0);

  const onSuccess = async (answer: { data: WorkConfirmation }) => {
    setDone(answer.data);
    await confirmationCreated(queryClient);
  };
  // Offline the signed confirmation waits for the connection with its signature (decision 0038);
  // its success is this form's only while the form is open.
  const create = useMutation({
    ...queuedMutation('confirmationCreate'),
    meta: { silent: true },
    onError: (error) => {
      const message = error instanceof ApiError ? error.messages.map((m) => m.message).filter(Boolean).join('\n') : '';
      setProblem(message || t`The confirmation could not be saved. Please try again.`);
    },
  });

  const submit = async () => {
    setProblem(null);
    if (!signee.trim()) {
      setProblem(t`Please enter the name of the person signing.`);
      return;
    }
    if (!pad.current || pad.current.isEmpty()) {
      setProblem(t`Please sign in the field.`);
      return;
    }
    const file = await pad.current.toPng();
    create.mutate({
      body: {
        file,
        id,
        customerId,
        signee: signee.trim(),
        place: place.trim() || undefined,
        language,
        createdAtUtc: new Date().toISOString(),
        confirmedInfoIds: chosen.filter((i) => i.kind === 'note' || i.kind === 'material' || i.kind === 'timeEntry').map((i) => i.id),
        confirmedTimeTrackIds: chosen.filter((i) => i.kind === 'time').map((i) => i.id),
        confirmedImageIds: chosen.filter((i) => i.kind === 'image').map((i) => i.id),
      },
      headers: idempotencyHeaders(),
    }, { onSuccess });
    if (queuedOffline()) onClose();
  };

  if (done) {
    return (
      <Stack align="center" ta="center" py="xl" gap="md">
        <ThemeIcon size={64} radius="xl" color="green" variant="light">
          <IconCircleCheck size={36} />
        </ThemeIcon>
        <Text fw={600} fz="lg">
          <Trans>Work confirmation saved</Trans>
        </Text>
        <Text c="dimmed" fz="sm" maw="28rem">
          <Trans>The confirmed entries are locked now. The signed PDF is stored with the customer.</Trans>
        </Text>
        <Group>
          <Button
            leftSection={<IconDownload size={16} />}
            loading={downloading}
            onClick={async () => {
              setDownloading(true);
              try {
                await downloadConfirmationPdf(done.id);
              } finally {
                setDownloading(false);
              }
            }}
          >
            <Trans>Download PDF</Trans>
          </Button>
          <Button variant="default" onClick={onClose}>
            <Trans>Done</Trans>
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stepper active={step} onStepClick={(next) => next < step && setStep(next)} size="sm" allowNextStepsSelect={false}>
      <Stepper.Step label={t`Check`} description={t`Entries to confirm`}>
        <Stack mt="md">
          {open.isPending ? (
            <Stack gap="xs">
              <Skeleton height={40} />
              <Skeleton height={40} />
            </Stack>
          ) : items.length === 0 ? (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
              <Trans>There is nothing left to confirm for this customer: every entry is confirmed already.</Trans>
            </Alert>
          ) : (
            <>
              <ScrollArea.Autosize mah="50vh" type="auto">
                <Stack gap="xs" role="group" aria-label={t`Entries to confirm`}>
                  {items.map((item) => (
                    <Paper key={item.id} withBorder p="xs" radius="md">
                      <Checkbox
                        checked={!excluded.has(item.id)}
                        onChange={(event) => {
                          const next = new Set(excluded);
                          if (event.currentTarget.checked) next.delete(item.id);
                          else next.add(item.id);
                          setExcluded(next);
                        }}
                        label={<EntryLine item={item} />}
                        styles={{ body: { alignItems: 'flex-start' }, labelWrapper: { minWidth: 0, flex: 1 } }}
                      />
                    </Paper>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
              <Group justify="space-between" fz="sm">
                <Text fz="sm">
                  <Trans>Working time</Trans>: <b>{formatDuration(seconds)}</b>
                </Text>
                <Text fz="sm">
                  <Trans>Materials (net)</Trans>: <b>{formatMoney(amount)}</b>
                </Text>
              </Group>
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button onClick={() => setStep(1)} disabled={chosen.length === 0}>
              <Trans>Continue to signature</Trans>
            </Button>
          </Group>
        </Stack>
      </Stepper.Step>
      <Stepper.Step label={t`Sign`} description={t`Name and signature`}>
        <Stack mt="md">
          <Text fz="sm">
            {plural(chosen.length, { one: '# entry', other: '# entries' })} ·{' '}
            <Trans>
              working time {formatDuration(seconds)} · materials {formatMoney(amount)}
            </Trans>
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label={t`Name of the person signing`} required maxLength={200} value={signee} onChange={(event) => setSignee(event.currentTarget.value)} autoComplete="name" />
            <TextInput label={t`Place`} maxLength={200} value={place} onChange={(event) => setPlace(event.currentTarget.value)} />
          </SimpleGrid>
          <div>
            <Text fz="sm" fw={500} mb={4}>
              <Trans>Language of the PDF</Trans>
            </Text>
            <SegmentedControl
              value={language}
              onChange={(value) => setLanguage(value as 'de' | 'en')}
              data={[
                { value: 'de', label: 'Deutsch' },
                { value: 'en', label: 'English' },
              ]}
            />
          </div>
          <SignaturePad ref={pad} onChange={(empty) => setSigned(!empty)} />
          {problem ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" style={{ whiteSpace: 'pre-line' }}>
              {problem}
            </Alert>
          ) : null}
          <Group justify="space-between">
            <Button variant="default" onClick={() => setStep(0)}>
              <Trans>Back</Trans>
            </Button>
            <Button onClick={() => void submit()} loading={create.isPending} disabled={!signed || !signee.trim()}>
              <Trans>Confirm and sign</Trans>
            </Button>
          </Group>
        </Stack>
      </Stepper.Step>
    </Stepper>
  );
}
