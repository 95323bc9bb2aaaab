import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDeviceDesktop, IconDeviceMobile, IconDevices, IconLogout } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersUpdateMeMutation } from '../../../../generated/api/@tanstack/react-query.gen';
import type { UserSession } from '../../../../generated/api/types.gen';
import { showSuccess } from '../../../lib/notifications';
import { signOut } from '../../../lib/sign-out';
import { accountUpdated } from '../api/cache';
import { formatDateTime } from '../../../lib/format';
import { SectionCard } from './section-card';

const phonePattern = /iOS|iPhone|iPad|Android|Mobile/i;

/** Newest first, this device on top. */
export function sortSessions(sessions: UserSession[]): UserSession[] {
  return [...sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastUsedAtUtc.localeCompare(a.lastUsedAtUtc),
  );
}

/** The devices signed in to the account; end one, or all others. Ending this one logs out. */
export function SessionsCard({ userId, sessions }: { userId: string; sessions: UserSession[] }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const end = useMutation({
    ...usersUpdateMeMutation(),
    onSuccess: (answer, variables) => {
      accountUpdated(queryClient, userId, answer);
      const count = variables.body.endSessionIds?.length ?? 0;
      showSuccess(count > 1 ? t`The other devices were signed out.` : t`The device was signed out.`);
    },
  });
  const sorted = sortSessions(sessions);
  const others = sorted.filter((s) => !s.current);

  const confirmEnd = (session: UserSession) => {
    const label = session.deviceLabel;
    modals.openConfirmModal({
      title: session.current ? t`Sign out on this device?` : t`Sign out “${label}”?`,
      centered: true,
      children: (
        <Text fz="sm">
          {session.current ? (
            <Trans>You will be signed out here and return to the sign-in page.</Trans>
          ) : (
            <Trans>“{label}” will be signed out at once and has to sign in again.</Trans>
          )}
        </Text>
      ),
      labels: { confirm: t`Sign out`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        if (session.current) void signOut();
        else end.mutate({ body: { endSessionIds: [session.id] } });
      },
    });
  };

  const confirmEndOthers = () =>
    modals.openConfirmModal({
      title: t`Sign out all other devices?`,
      centered: true,
      children: (
        <Text fz="sm">
          <Trans>Every device except this one is signed out at once.</Trans>
        </Text>
      ),
      labels: { confirm: t`Sign out others`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      onConfirm: () => end.mutate({ body: { endSessionIds: others.map((s) => s.id) } }),
    });

  return (
    <SectionCard
      icon={IconDevices}
      title={t`Signed-in devices`}
      description={t`Where your account is signed in. Sign out devices you no longer use.`}
      action={
        others.length > 1 ? (
          <Button variant="subtle" color="red" onClick={confirmEndOthers} loading={end.isPending}>
            {t`Sign out all others`}
          </Button>
        ) : undefined
      }
    >
      <Stack gap={0} role="list" aria-label={t`Signed-in devices`}>
        {sorted.map((session) => {
          const Icon = phonePattern.test(session.deviceLabel) ? IconDeviceMobile : IconDeviceDesktop;
          const lastUsed = formatDateTime(session.lastUsedAtUtc);
          const since = formatDateTime(session.createdAtUtc);
          const label = session.deviceLabel;
          return (
            <Group
              key={session.id}
              role="listitem"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py="sm"
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
              data-testid={session.current ? 'current-session' : 'session'}
            >
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
                <Icon size={22} stroke={1.6} style={{ flexShrink: 0, opacity: 0.7 }} />
                <div style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="wrap">
                    <Text fz="sm" fw={600} truncate="end">
                      {label}
                    </Text>
                    {session.current ? (
                      <Badge size="sm" variant="light">
                        {t`This device`}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text fz="xs" c="dimmed">
                    {t`Last used ${lastUsed} · signed in ${since}`}
                  </Text>
                </div>
              </Group>
              <Button
                variant="subtle"
                color={session.current ? 'gray' : 'red'}
                size="compact-sm"
                style={{ flexShrink: 0 }}
                leftSection={<IconLogout size={16} stroke={1.7} />}
                onClick={() => confirmEnd(session)}
                aria-label={session.current ? t`Sign out on this device` : t`Sign out “${label}”`}
                loading={end.isPending && end.variables?.body.endSessionIds?.[0] === session.id && end.variables.body.endSessionIds.length === 1}
              >
                {t`Sign out`}
              </Button>
            </Group>
          );
        })}
      </Stack>
    </SectionCard>
  );
}
