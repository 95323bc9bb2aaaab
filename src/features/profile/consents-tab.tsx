/**
 * The Consents tab of /profile: each purpose with its text in the UI language and the firm's state
 * (granted since, revoked on). `ai` and `gps` are granted and revoked here by Owner, Admin and
 * Manager (revoking asks first; revoking `gps` stops position stamps at once, the app's own cached
 * state included); terms and privacy are shown as accepted, not revocable here. Below, the history
 * of every grant and revocation (who, when, which text version), newest first and paged.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Loader, Paper, Spoiler, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { modals } from '@mantine/modals';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  managementGetConsentHistoryOptions,
  managementGetTenantConsentOptions,
  managementGetTenantConsentQueryKey,
  managementUpdateTenantConsentMutation,
} from '../../../generated/api/@tanstack/react-query.gen';
import type { ConsentPurpose, ConsentText, TenantConsent } from '../../../generated/api/types.gen';
import { ListFooter } from '../../components/data-list/list-footer';
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

/** Every grant and revocation, newest first: the record is kept, never overwritten. */
function ConsentHistory({ titleOf }: { titleOf: (purpose: ConsentPurpose) => string }) {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const phone = useMediaQuery('(max-width: 48em)');
  const history = useQuery({ ...managementGetConsentHistoryOptions({ query: { page, pageSize } }), placeholderData: (previous) => previous });
  const data = history.data?.data;
  let body;
  if (history.isPending) {
    body = (
      <Group justify="center" py="md">
        <Loader size="sm" role="status" aria-label={t`Loading`} />
      </Group>
    );
  } else if (history.isError || !data) {
    body = (
      <Text fz="sm" c="red">
        <Trans>The history could not be loaded. Please try again in a moment.</Trans>
      </Text>
    );
  } else if (data.totalCount === 0) {
    body = (
      <Text fz="sm" c="dimmed">
        <Trans>No consent has been given or revoked yet.</Trans>
      </Text>
    );
  } else {
    const change = (granted: boolean) => (
      <Badge color={granted ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
        {granted ? <Trans>Granted</Trans> : <Trans>Revoked</Trans>}
      </Badge>
    );
    // On a phone the five columns would scroll sideways in the box: one stacked card per change,
    // as the app's other lists show their rows there.
    const list = phone ? (
      <Stack gap="xs" component="ul" aria-label={t`Consent history`} m={0} p={0} style={{ listStyle: 'none' }}>
        {data.items.map((event) => {
          const by = event.userName ?? t`unknown`;
          const version = event.version ?? '–';
          return (
            <Paper key={event.id} component="li" withBorder radius="sm" p="sm">
              <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                <Text fz="sm" fw={600}>
                  {titleOf(event.purpose)}
                </Text>
                {change(event.granted)}
              </Group>
              <Text fz="sm" mt={4}>
                {formatDateTime(event.atUtc)}
              </Text>
              <Text fz="xs" c="dimmed">
                {t`By ${by}`} · {t`Text version ${version}`}
              </Text>
            </Paper>
          );
        })}
      </Stack>
    ) : (
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>When</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Consent</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Change</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>By</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Text version</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((event) => (
              <Table.Tr key={event.id}>
                <Table.Td>
                  <Text fz="sm">{formatDateTime(event.atUtc)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm">{titleOf(event.purpose)}</Text>
                </Table.Td>
                <Table.Td>{change(event.granted)}</Table.Td>
                <Table.Td>
                  <Text fz="sm">{event.userName ?? t`unknown`}</Text>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm">{event.version ?? '–'}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
    body = (
      <>
        {list}
        {data.totalCount > 10 ? (
          <ListFooter
            page={page}
            pageSize={pageSize}
            totalCount={data.totalCount}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        ) : null}
      </>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" data-testid="consent-history">
      <Stack gap="sm">
        <Title order={3} fz="h5">
          <Trans>History</Trans>
        </Title>
        <Text fz="sm" c="dimmed">
          <Trans>Every grant and revocation, with who made it, when, and the version of the text.</Trans>
        </Text>
        {body}
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
      <ConsentHistory titleOf={(purpose) => textOf(texts.data, purpose)?.title ?? purpose} />
    </Stack>
  );
}
