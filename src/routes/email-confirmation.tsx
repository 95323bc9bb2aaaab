import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack } from '@mantine/core';
import { IconArrowRight, IconMailForward, IconMailX } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../components/public-layout';
import { ButtonLink } from '../components/router-links';
import { ResendConfirmationButton } from '../features/auth/resend-confirmation';
import { emailConfirmationSearchSchema } from '../features/auth/schemas';
import { useContinueSignedIn } from '../features/auth/use-continue';
import { useSession } from '../lib/session';

/**
 * Where a confirmation link that did not work leads (`status` invalid, used, expired or replaced by
 * a newer one), and the
 * place to ask for a new one.
 */
export const Route = createFileRoute('/email-confirmation')({
  validateSearch: emailConfirmationSearchSchema,
  component: EmailConfirmationPage,
});

function EmailConfirmationPage() {
  const { t } = useLingui();
  const { status } = Route.useSearch();
  const session = useSession();
  const signedIn = Boolean(session.token);
  const proceed = useContinueSignedIn();

  const title =
    status === 'expired' ? (
      <Trans>This confirmation link has expired</Trans>
    ) : status === 'used' ? (
      <Trans>This confirmation link was already used</Trans>
    ) : status === 'replaced' ? (
      <Trans>A newer confirmation link was sent</Trans>
    ) : status === 'invalid' ? (
      <Trans>This confirmation link is not valid</Trans>
    ) : (
      <Trans>Confirm your email address</Trans>
    );

  const text =
    status === 'expired' ? (
      <Trans>Confirmation links are valid for 24 hours. Request a new link and open it soon.</Trans>
    ) : status === 'used' ? (
      <Trans>
        Each link works once. If you opened it before, your address is already confirmed and you can
        simply continue.
      </Trans>
    ) : status === 'replaced' ? (
      <Trans>
        This link was replaced by a newer one when a new email was requested. Open the link in the
        latest email.
      </Trans>
    ) : status === 'invalid' ? (
      <Trans>
        The link may be incomplete (copy the whole address from the email) or replaced by a newer
        one. Use the newest email, or request a new link.
      </Trans>
    ) : (
      <Trans>
        We sent you an email with a confirmation link. Open it within 24 hours to activate your
        account.
      </Trans>
    );

  const showResend = signedIn && !session.emailConfirmed;

  return (
    <InfoPage
      icon={status ? IconMailX : IconMailForward}
      color={status ? 'yellow' : undefined}
      title={title}
      actions={
        <Stack gap="sm">
          {showResend ? <ResendConfirmationButton /> : null}
          {signedIn ? (
            <Button
              variant={showResend ? 'default' : 'filled'}
              rightSection={<IconArrowRight size={18} stroke={1.7} />}
              loading={proceed.isPending}
              onClick={() => proceed.mutate()}
            >
              {t`Continue`}
            </Button>
          ) : (
            // A long label on a narrow phone wraps inside the button instead of running out of it.
            <ButtonLink to="/login" h="auto" mih={36} py={6} styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.35 } }}>
              {t`Sign in to request a new link`}
            </ButtonLink>
          )}
        </Stack>
      }
    >
      {text}
    </InfoPage>
  );
}
