/**
 * The form of the summary dialog (summary-modal.tsx): the period and language, the proposed title
 * and text, copy and "use". Loaded when the dialog is first opened (asked for when the screen is idle).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, CopyButton, Group, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconSparkles } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { aiSummarize } from '../../../generated/api/sdk.gen';
import type { AiText } from '../../../generated/api/types.gen';
import { notifyError } from '../../lib/query-client';
import { boundedPeriodPresets, periodLabels, periodRange, rangeToQuery, type BoundedPeriodPreset } from '../../lib/periods';
import { useFirmSettings } from '../../lib/firm-settings';
import { AiConsentNotice, needsAiConsent } from './consent-notice';
import { useAiStatus } from './use-ai-status';

export interface SummaryProps {
  customerId?: string;
  /** The period to start with; `range` fixes it (the invoice's period). */
  preset?: BoundedPeriodPreset;
  range?: { fromDate: string; toDate: string };
  /** Exactly these entries of the customer (the invoice's open ones) instead of all of the period. */
  entries?: { informationIds: string[]; timeTrackIds: string[] };
  language?: 'de' | 'en';
  onUse?: (text: AiText) => void;
}

function Copy({ value, label }: { value: string; label: string }) {
  const { t } = useLingui();
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button variant="subtle" size="compact-sm" leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />} onClick={copy} disabled={!value}>
          {copied ? t`Copied` : label}
        </Button>
      )}
    </CopyButton>
  );
}

export function SummaryForm({ customerId, preset: initial, range: fixed, entries, language: initialLanguage, onUse }: SummaryProps) {
  const { t, i18n } = useLingui();
  const status = useAiStatus();
  const { timeZone } = useFirmSettings();
  const [preset, setPreset] = useState<BoundedPeriodPreset>(initial && initial !== 'manual' ? initial : 'currentMonth');
  const [language, setLanguage] = useState<'de' | 'en'>(initialLanguage ?? (i18n.locale === 'en' ? 'en' : 'de'));
  const [result, setResult] = useState<AiText | null>(null);
  const [consentMissing, setConsentMissing] = useState(false);

  const summarize = useMutation({
    mutationFn: async () => {
      const range = fixed ?? rangeToQuery(periodRange(preset, new Date(), undefined, timeZone), timeZone);
      return (await aiSummarize({ body: { customerId: customerId ?? null, from: range.fromDate, to: range.toDate, language, ...(customerId && entries ? entries : {}) } })).data!.data;
    },
    meta: { silent: true },
    onSuccess: setResult,
    onError: (error) => (needsAiConsent(error) ? setConsentMissing(true) : notifyError(error)),
  });

  if ((status && !status.consent) || consentMissing) return <AiConsentNotice />;
  if (status && !status.generation) {
    return (
      <Text fz="sm" c="dimmed">
        <Trans>Summaries are not set up on this server.</Trans>
      </Text>
    );
  }
  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        {fixed ? null : (
        <Select
          label={t`Period`}
          data={boundedPeriodPresets.filter((p) => p !== 'manual').map((p) => ({ value: p, label: i18n._(periodLabels[p]) }))}
          value={preset}
          allowDeselect={false}
          onChange={(value) => value && setPreset(value as BoundedPeriodPreset)}
          w={200}
          comboboxProps={{ withinPortal: true }}
        />
        )}
        <SegmentedControl
          aria-label={t`Language of the text`}
          value={language}
          onChange={(value) => setLanguage(value as 'de' | 'en')}
          data={[
            { value: 'de', label: t`German` },
            { value: 'en', label: t`English` },
          ]}
        />
        <Button leftSection={<IconSparkles size={16} />} loading={summarize.isPending} onClick={() => summarize.mutate()}>
          {result ? t`Summarise again` : t`Summarise`}
        </Button>
      </Group>
      {result ? (
        <Stack gap="xs" data-testid="ai-summary">
          <TextInput label={t`Proposed title`} value={result.title} onChange={(e) => setResult({ ...result, title: e.currentTarget.value })} maxLength={200} />
          <Textarea label={t`Proposed text`} autosize minRows={5} value={result.text} onChange={(e) => setResult({ ...result, text: e.currentTarget.value })} maxLength={8000} />
          <Text fz="xs" c="dimmed">
            {result.entryCount === 1 ? t`Made from 1 entry. Check it before you use it.` : t`Made from ${result.entryCount} entries. Check it before you use it.`}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Copy value={result.title} label={t`Copy title`} />
            <Copy value={result.text} label={t`Copy text`} />
            {onUse ? <Button onClick={() => onUse(result)}>{t`Use as invoice title`}</Button> : null}
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
