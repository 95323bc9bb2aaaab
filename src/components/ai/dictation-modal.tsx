/**
 * One dictation, sorted: the person dictates (or types) what was done, the server proposes a time
 * entry, materials matched against the firm's products and a note; each proposal can be edited or
 * dropped, and only what is ticked is saved, as ordinary entries of the customer.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Checkbox, Group, Modal, NumberInput, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle, IconSparkles } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { aiSortDictation, informationCreate } from '../../../generated/api/sdk.gen';
import type { AiDictationProposal, AiProposedMaterial } from '../../../generated/api/types.gen';
import { entryChanged } from '../../lib/data-events';
import { formatMoney } from '../../lib/format';
import { showSuccess } from '../../lib/notifications';
import { notifyError } from '../../lib/query-client';
import { AiConsentNotice, needsAiConsent } from './consent-notice';
import { DictatedTextarea } from './dictated-textarea';
import { useAiStatus } from './use-ai-status';

interface TimeDraft {
  keep: boolean;
  hours: number | string;
  minutes: number | string;
  description: string;
}
type MaterialDraft = AiProposedMaterial & { keep: boolean };
interface NoteDraft {
  keep: boolean;
  text: string;
}

function draftsOf(proposal: AiDictationProposal) {
  const seconds = proposal.time?.durationSeconds ?? 0;
  return {
    time: proposal.time ? { keep: true, hours: Math.floor(seconds / 3600), minutes: Math.round((seconds % 3600) / 60), description: proposal.time.description } : null,
    materials: proposal.materials.map((m) => ({ ...m, keep: true })),
    note: proposal.note ? { keep: true, text: proposal.note } : null,
  };
}

export function DictationModal({ customerId, opened, onClose }: { customerId: string; opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal opened={opened} onClose={onClose} title={t`Dictate entries`} fullScreen={!!phone} size="lg">
      {opened ? <DictationForm customerId={customerId} onDone={onClose} /> : null}
    </Modal>
  );
}

function DictationForm({ customerId, onDone }: { customerId: string; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const status = useAiStatus();
  const [text, setText] = useState('');
  const [time, setTime] = useState<TimeDraft | null>(null);
  const [materials, setMaterials] = useState<MaterialDraft[]>([]);
  const [note, setNote] = useState<NoteDraft | null>(null);
  const [sorted, setSorted] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);
  const language = i18n.locale === 'en' ? 'en' : 'de';

  const sort = useMutation({
    mutationFn: async () => (await aiSortDictation({ body: { text: text.trim(), language } })).data!.data,
    meta: { silent: true },
    onSuccess: (proposal) => {
      const drafts = draftsOf(proposal);
      setTime(drafts.time);
      setMaterials(drafts.materials);
      setNote(drafts.note);
      setSorted(true);
    },
    onError: (error) => (needsAiConsent(error) ? setConsentMissing(true) : notifyError(error)),
  });

  const patchMaterial = (index: number, patch: Partial<MaterialDraft>) => setMaterials((all) => all.map((m, i) => (i === index ? { ...m, ...patch } : m)));

  const timeSeconds = time ? Number(time.hours || 0) * 3600 + Number(time.minutes || 0) * 60 : 0;
  const timeInvalid = !!time?.keep && (timeSeconds < 60 || timeSeconds > 86400);
  const chosen = (time?.keep ? 1 : 0) + materials.filter((m) => m.keep).length + (note?.keep && note.text.trim() ? 1 : 0);

  const save = useMutation({
    mutationFn: async () => {
      const bodies = [
        ...(time?.keep ? [{ customerId, subType: 'time' as const, durationSeconds: timeSeconds, text: time.description.trim() || null }] : []),
        ...materials
          .filter((m) => m.keep)
          .map((m) =>
            m.productId
              ? { customerId, subType: 'material' as const, productId: m.productId, quantity: m.quantity, unit: m.unit || null }
              : { customerId, subType: 'material' as const, text: m.text, quantity: m.quantity, unit: m.unit || 'Stk' },
          ),
        ...(note?.keep && note.text.trim() ? [{ customerId, subType: 'note' as const, text: note.text.trim() }] : []),
      ];
      // One after the other: a refusal stops the rest, and the saved ones are named in the toast.
      let saved = 0;
      for (const body of bodies) {
        await informationCreate({ body });
        saved++;
      }
      return saved;
    },
    onSuccess: async (saved) => {
      await entryChanged(queryClient);
      showSuccess(saved === 1 ? t`1 entry saved.` : t`${saved} entries saved.`);
      onDone();
    },
    onSettled: () => entryChanged(queryClient),
  });

  if (status && !status.consent) return <AiConsentNotice />;
  if (consentMissing) return <AiConsentNotice />;
  const generation = status?.generation ?? true;

  return (
    <Stack>
      <Text fz="sm" c="dimmed">
        <Trans>Say what you did and what you used, for example: “Two hours tiling in the bathroom, used 12 tiles 30 by 60 and a bag of adhesive.” You check every proposal before it is saved.</Trans>
      </Text>
      <DictatedTextarea label={t`Dictation`} autofocus value={text} onChange={(next) => setText(next)} />
      {!generation ? (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
          <Trans>Proposals are not set up on this server. Record the entries one by one with the buttons above.</Trans>
        </Alert>
      ) : (
        <Group justify="flex-end">
          <Button variant={sorted ? 'default' : 'filled'} leftSection={<IconSparkles size={16} />} loading={sort.isPending} disabled={!text.trim()} onClick={() => sort.mutate()}>
            {sorted ? t`Propose again` : t`Propose entries`}
          </Button>
        </Group>
      )}

      {sorted ? (
        <Stack gap="sm" data-testid="dictation-proposals">
          {!time && materials.length === 0 && !note ? (
            <Text fz="sm" c="dimmed">
              <Trans>Nothing to record was found in the dictation.</Trans>
            </Text>
          ) : null}
          {time ? (
            <Paper withBorder p="sm" radius="md" data-testid="proposed-time">
              <Checkbox label={t`Time entry`} fw={600} checked={time.keep} onChange={(e) => setTime({ ...time, keep: e.currentTarget.checked })} mb="xs" />
              <Group grow align="flex-start">
                <NumberInput label={t`Hours`} min={0} max={24} allowDecimal={false} disabled={!time.keep} value={time.hours} error={timeInvalid ? t`The duration must be between 1 minute and 24 hours.` : undefined} onChange={(value) => setTime({ ...time, hours: value })} />
                <NumberInput label={t`Minutes`} min={0} max={59} step={5} allowDecimal={false} disabled={!time.keep} value={time.minutes} onChange={(value) => setTime({ ...time, minutes: value })} />
              </Group>
              <TextInput mt="xs" label={t`What was done`} maxLength={1000} disabled={!time.keep} value={time.description} onChange={(e) => setTime({ ...time, description: e.currentTarget.value })} />
            </Paper>
          ) : null}
          {materials.map((m, index) => (
            <Paper key={index} withBorder p="sm" radius="md" data-testid="proposed-material">
              <Group justify="space-between" wrap="nowrap" mb="xs">
                <Checkbox
                  label={m.productName ?? m.text}
                  fw={600}
                  checked={m.keep}
                  onChange={(e) => patchMaterial(index, { keep: e.currentTarget.checked })}
                />
                {/* The label in the text colour: teal on its light tint is not readable (axe, 4.5:1). */}
                <Badge variant="light" color={m.productId ? 'teal' : 'gray'} style={{ flexShrink: 0 }} styles={{ label: { color: 'var(--mantine-color-text)' } }}>
                  {m.match === 'ean' ? t`Found by EAN` : m.match === 'name' ? t`From the catalogue` : m.match === 'similar' ? t`Similar product` : t`Free text`}
                </Badge>
              </Group>
              {m.productId && m.productName !== m.text ? (
                <Text fz="xs" c="dimmed" mb={4}>
                  {t`Dictated: ${m.text}`}
                  {m.unitPrice !== null ? ` · ${formatMoney(m.unitPrice)} / ${m.unit}` : ''}
                </Text>
              ) : null}
              <Group grow align="flex-start">
                <NumberInput
                  label={t`Quantity`}
                  min={0}
                  max={1000000}
                  decimalScale={3}
                  decimalSeparator={language === 'de' ? ',' : '.'}
                  disabled={!m.keep}
                  value={m.quantity}
                  onChange={(value) => patchMaterial(index, { quantity: Number(value) || 0 })}
                />
                <TextInput
                  label={t`Unit`}
                  maxLength={20}
                  disabled={!m.keep}
                  value={m.unit}
                  onChange={(e) => patchMaterial(index, { unit: e.currentTarget.value })}
                />
              </Group>
            </Paper>
          ))}
          {note ? (
            <Paper withBorder p="sm" radius="md" data-testid="proposed-note">
              <Checkbox label={t`Note`} fw={600} checked={note.keep} onChange={(e) => setNote({ ...note, keep: e.currentTarget.checked })} mb="xs" />
              <Textarea aria-label={t`Note`} autosize minRows={2} maxLength={4000} disabled={!note.keep} value={note.text} onChange={(e) => setNote({ ...note, text: e.currentTarget.value })} />
            </Paper>
          ) : null}
        </Stack>
      ) : null}

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
        <Button disabled={!sorted || chosen === 0 || timeInvalid || materials.some((m) => m.keep && !(m.quantity > 0))} loading={save.isPending} onClick={() => save.mutate()}>
          {chosen === 1 ? t`Save 1 entry` : t`Save ${chosen} entries`}
        </Button>
      </Group>
    </Stack>
  );
}
