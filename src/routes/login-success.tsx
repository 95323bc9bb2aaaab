import { Trans, useLingui } from '@lingui/react/macro';
import { Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { InfoPage, PublicLayout } from '../components/public-layout';
import { ButtonLink } from '../components/router-links';
import { signInWithProvider } from '../features/auth/api/auth';
import {
  checkCallback,
  takePendingLogin,
  type CallbackResult,
  type ExternalProvider,
} from '../features/auth/external-login';
import { nextPathAfterSignIn } from '../lib/auth-guards';
import { errorCodeMessages } from '../lib/error-messages';
import { licenseExpiredSearch } from '../lib/license-expired';

/**
 * Completes a Google or Apple sign-in: the provider returns here with `#id_token=...&state=...`.
 * State and nonce are checked against what the button stored, the server verifies the token,
 * and the app continues (to the terms when they are not accepted yet).
 */
export const Route = createFileRoute('/login-success')({
  component: LoginSuccessPage,
});

/** The provider's answer, checked once per page load (React may render the page twice). */
let checked: { fragment: string; result: CallbackResult } | null = null;

function readCallback(): CallbackResult {
  const fragment = window.location.hash;
  if (checked?.fragment !== fragment) checked = { fragment, result: checkCallback(fragment, takePendingLogin()) };
  return checked.result;
}

function LoginSuccessPage() {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const [callback] = useState(readCallback);
  const started = useRef(false);
  const [failed, setFailed] = useState<ExternalProvider | 'unknown' | null>(
    callback.ok ? null : (callback.provider ?? 'unknown'),
  );

  useEffect(() => {
    // The ID token must not stay in the address bar or the history.
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!callback.ok || started.current) return;
    started.current = true;
    signInWithProvider(callback.provider, callback.idToken)
      .then((session) => navigate({ href: nextPathAfterSignIn(session, callback.returnUrl), replace: true }))
      .catch((error: unknown) => {
        // A trial that ended opens /license-expired (src/lib/license-expired.ts).
        if (!licenseExpiredSearch(error)) setFailed(callback.provider);
      });
  }, [callback, navigate]);

  if (failed) {
    const message =
      failed === 'apple' ? i18n._(errorCodeMessages.APPLE_LOGIN_FAILED) : i18n._(errorCodeMessages.GOOGLE_LOGIN_FAILED);
    return (
      <InfoPage
        icon={IconAlertTriangle}
        color="red"
        title={message}
        actions={<ButtonLink to="/login">{t`Back to sign-in`}</ButtonLink>}
      >
        <Trans>
          The sign-in could not be completed. Please try again, or sign in with your email address
          and password.
        </Trans>
      </InfoPage>
    );
  }

  return (
    <PublicLayout>
      <Stack align="center" gap="md" py="xl" role="status">
        <Loader />
        <Text c="dimmed">{t`Completing sign-in …`}</Text>
      </Stack>
    </PublicLayout>
  );
}
