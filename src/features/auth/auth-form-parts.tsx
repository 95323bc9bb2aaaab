/** What the sign-in and the sign-up form share (auth-screen.tsx, sign-up-form.tsx). */
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Divider, Group, Text } from '@mantine/core';
import { IconClockPause, IconFingerprint, IconLockOpen } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { nextPathAfterSignIn } from '../../lib/auth-guards';
import { showError } from '../../lib/notifications';
import { notifyError } from '../../lib/query-client';
import type { Session } from '../../lib/session';
import { passkeyErrorLabel } from './passkey-errors';

/** Where to go once a session exists: the missing account step, the return url or the start page. */
export function useAfterSignIn(returnUrl: string | undefined) {
  const navigate = useNavigate();
  return (session: Session) => navigate({ href: nextPathAfterSignIn(session, returnUrl), replace: true });
}

/** Errors of the passkey dialog get their own label; API errors the usual toast. */
export function usePasskeyErrorHandler() {
  const { i18n } = useLingui();
  return (error: unknown) => {
    const label = passkeyErrorLabel(error);
    if (label) showError(i18n._(label));
    else notifyError(error);
  };
}

export function OrDivider() {
  const { t } = useLingui();
  return <Divider label={t`or`} labelPosition="center" my={4} />;
}

export function RateLimitAlert({ seconds }: { seconds: number }) {
  return (
    <Alert color="yellow" variant="light" icon={<IconClockPause size={18} />} role="alert">
      <Trans>Too many attempts. Please wait {seconds} seconds before you try again.</Trans>
    </Alert>
  );
}

export interface FormProps {
  returnUrl?: string;
  /** Passkeys work in this browser. */
  passkeys: boolean;
  /** Other ways follow below the form (passkey, Google, Apple): an "or" line separates them. */
  alternatives: boolean;
}

/** The passkey way below a form: sign in or sign up with a passkey. */
export function PasskeyButton({ loading, onClick, children }: { loading: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Button variant="default" fullWidth size="md" leftSection={<IconFingerprint size={20} stroke={1.7} />} loading={loading} onClick={onClick}>
      {children}
    </Button>
  );
}

/**
 * Said instead of the passkey buttons at an address where passkeys cannot work (plain http other
 * than localhost, or a bare IP address): what they need, so nobody takes it for a broken browser.
 */
export function PasskeyAddressNote() {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start" data-testid="passkey-address-note">
      <IconLockOpen size={16} stroke={1.7} style={{ flexShrink: 0, marginTop: 2, opacity: 0.7 }} aria-hidden />
      <Text fz="xs" c="dimmed">
        <Trans>Passkeys are not available at this address: they need a secure address (https with a domain name) or localhost.</Trans>
      </Text>
    </Group>
  );
}
