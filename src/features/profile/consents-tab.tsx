/**
 * The Consents tab of /profile: each purpose with its text in the UI language and the firm's state
 * (granted since, revoked on). `ai` and `gps` are granted and revoked here by Owner, Admin and
 * Manager (revoking asks first; revoking `gps` stops position stamps at once, the app's own cached
 * state included); terms and privacy are shown as accepted, not revocable here.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Loader, Paper, Spoiler, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  managementGetTenantConsentOptions,
  managementGetTenantConsentQueryKey,
  managementUpdateTenantConsentMutation,
} from '../../../generated/api/@tanstack/react-query.gen';
import type { ConsentPurpose, ConsentText, TenantConsent } from '../../../generated/api/types.gen';
import { ConsentDocument, ConsentTextsState, textOf, useConsentTexts } from '../../components/consent-texts';
import { envelopeOf } from '../../lib/query-keys';
import { formatDateTime } from '../../lib/format';
import { consentChanged } from '../../lib/data-events';
import { showSuccess } from '../../lib/notifications';
import { useIsBackOffice } from '../../lib/session';

const PURPOSES: ConsentPurpose[] = ['terms', 'privacy', 'ai', 'gps'];
const REVOCABLE: ConsentPurpose[] = ['ai', 'gps'];

function StateLine({ consent, revocable }: { consent: TenantConsent | undefined; revocable: boolean }) {
  if (!consent) return <Loader size="xs" />;
  const granted = formatDateTime(consent.grantedAtUtc);
  const revoked = formatDateTime(consent.revokedAtUtc);
  if (consent.granted) {
    return (
      <Group gap="xs">
        <Badge color="green" variant="light">
          {revocable ? <Trans>Granted</Trans> : <Trans>Accepted</Trans>}
        </Badge>
        <Text fz="sm" c="dimmed">
          <Trans>since {granted}</Trans>
        </Text>
      </Group>
    );
  }
  return (
    <Group gap="xs">
      <Badge color="gray" variant="light">
        <Trans>Not granted</Trans>
      </Badge>
      {consent.revokedAtUtc ? (
        <Text fz="sm" c="dimmed">
          <Trans>revoked on {revoked}</Trans>
        </Text>
      ) : null}
    </Group>
  );
}

function ConsentCard({ purpose, text, mayChange }: { purpose: ConsentPurpose; text: ConsentText | undefined; mayChange: boolean }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const key = managementGetTenantConsentQueryKey({ query: { purpose } });
  const consent = useQuery(managementGetTenantConsentOptions({ query: { purpose } }));
  const state = consent.data?.data;
  const revocable = REVOCABLE.includes(purpose);
  const change = useMutation({
    ...managementUpdateTenantConsentMutation(),
    onSuccess: (answer) => {
      // The shell's cached state (position stamps read it) changes with it.
      queryClient.setQueryData(key, envelopeOf(answer.data));
      void consentChanged(queryClient);
      const title = text?.title ?? purpose;
      showSuccess(answer.data.granted ? t`Consent granted: ${title}` : t`Consent revoked: ${title}`);
    },
  });
  const title = text?.title ?? purpose;
  const revoke = () =>
    modals.openConfirmModal({
      title: t`Revoke consent: ${title}?`,
      children: (
        <Text fz="sm">
          {purpose === 'gps' ? (
            <Trans>From now on no positions are stored with timers and photos. Positions stored earlier stay with their entries.</Trans>
          ) : (
            <Trans>From now on the AI features are off for everyone in your company and nothing more is sent to the AI service.</Trans>
          )}
        </Text>
      ),
      labels: { confirm: t`Revoke`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      onConfirm: () => change.mutate({ body: { purpose: purpose as 'ai' | 'gps', granted: false } }),
    });
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Title order={3} fz="h5">
              {title}
            </Title>
            <StateLine consent={state} revocable={revocable} />
          </Stack>
          {revocable && mayChange && state ? (
            state.granted ? (
              <Button variant="default" color="red" loading={change.isPending} onClick={revoke}>
                <Trans>Revoke</Trans>
              </Button>
            ) : (
              <Button loading={change.isPending} onClick={() => change.mutate({ body: { purpose: purpose as 'ai' | 'gps', granted: true } })}>
                <Trans>Grant</Trans>
              </Button>
            )
          ) : null}
        </Group>
        {text ? (
          <Spoiler maxHeight={72} showLabel={t`Show full text`} hideLabel={t`Hide text`}>
            <ConsentDocument text={text.text} />
          </Spoiler>
        ) : null}
        {!revocable ? (
          <Text fz="xs" c="dimmed">
            <Trans>Accepted at sign-up; it applies as long as your company uses Fieldbook.</Trans>
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function ConsentsTab() {
  const texts = useConsentTexts();
  const mayChange = useIsBackOffice();
  if (texts.isPending || texts.isError) return <ConsentTextsState query={texts} />;
  return (
    <Stack gap="md">
      {PURPOSES.map((purpose) => (
        <ConsentCard key={purpose} purpose={purpose} text={textOf(texts.data, purpose)} mayChange={mayChange} />
      ))}
    </Stack>
  );
}
