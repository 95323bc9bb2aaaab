import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconLinkOff, IconLockPassword } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { authResetPasswordMutation } from '../../generated/api/@tanstack/react-query.gen';
import { InfoPage } from '../components/public-layout';
import { ButtonLink } from '../components/router-links';
import { NewPasswordForm } from '../features/auth/new-password-form';
import { linkSearchSchema } from '../features/auth/schemas';
import { ApiError } from '../lib/api-error';
import { notifyError } from '../lib/query-client';

/** The link of the password mail: `?userId=..&token=..`, single use, valid one hour. */
export const Route = createFileRoute('/password-reset')({
  validateSearch: linkSearchSchema,
  component: PasswordResetPage,
});

function linkProblem(error: unknown): 'expired' | 'invalid' | null {
  if (!(error instanceof ApiError)) return null;
  if (error.hasCode('LINK_EXPIRED')) return 'expired';
  if (error.hasCode('LINK_INVALID')) return 'invalid';
  return null;
}

function PasswordResetPage() {
  const { t } = useLingui();
  const { userId, token } = Route.useSearch();
  const mutation = useMutation({
    ...authResetPasswordMutation(),
    // Link problems are shown on the page; anything else as a toast.
    meta: { silent: true },
    onError: (error) => {
      if (!linkProblem(error)) notifyError(error);
    },
  });
  const problem = !userId || !token ? 'invalid' : linkProblem(mutation.error);

  if (mutation.isSuccess) {
    return (
      <InfoPage
        icon={IconCircleCheck}
        title={<Trans>Your password is changed</Trans>}
        actions={<ButtonLink to="/login">{t`Sign in with the new password`}</ButtonLink>}
      >
        <Trans>For your safety, every device that was signed in has been signed out.</Trans>
      </InfoPage>
    );
  }

  if (problem) {
    return (
      <InfoPage
        icon={IconLinkOff}
        color="yellow"
        title={problem === 'expired' ? <Trans>This link has expired</Trans> : <Trans>This link is not valid</Trans>}
        actions={
          <>
            <ButtonLink to="/password-recovery">{t`Request a new link`}</ButtonLink>
            <ButtonLink to="/login" variant="default">
              {t`Back to sign-in`}
            </ButtonLink>
          </>
        }
      >
        {problem === 'expired' ? (
          <Trans>A link to choose a new password is valid for one hour. Please request a new one.</Trans>
        ) : (
          <Trans>
            The link was already used, replaced by a newer one, or not copied completely. Please
            request a new one.
          </Trans>
        )}
      </InfoPage>
    );
  }

  return (
    <InfoPage
      icon={IconLockPassword}
      title={<Trans>Choose a new password</Trans>}
      plain
      actions={
        <ButtonLink to="/login" variant="subtle" color="gray">
          {t`Back to sign-in`}
        </ButtonLink>
      }
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          <Trans>At least 8 characters. After the change, all your devices are signed out.</Trans>
        </Text>
        <NewPasswordForm
          submitLabel={t`Save the new password`}
          loading={mutation.isPending}
          error={mutation.error}
          onSubmit={(values) =>
            mutation.mutate({
              body: { userId: userId!, token: token!, newPassword: values.password, confirmPassword: values.confirmPassword },
            })
          }
        />
      </Stack>
    </InfoPage>
  );
}
