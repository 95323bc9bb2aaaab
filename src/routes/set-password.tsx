import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';
import { IconLinkOff, IconUserCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { usersSetPasswordMutation } from '../../generated/api/@tanstack/react-query.gen';
import { InfoPage } from '../components/public-layout';
import { ButtonLink } from '../components/router-links';
import { beginSession } from '../features/auth/api/auth';
import { NewPasswordForm } from '../features/auth/new-password-form';
import { linkSearchSchema } from '../features/auth/schemas';
import { ApiError } from '../lib/api-error';
import { nextPathAfterSignIn } from '../lib/auth-guards';
import { notifyError } from '../lib/query-client';

/** Account activation of an invited member: the invitation mail's link, then signed in. */
export const Route = createFileRoute('/set-password')({
  validateSearch: linkSearchSchema,
  component: SetPasswordPage,
});

function linkProblem(error: unknown): 'expired' | 'invalid' | null {
  if (!(error instanceof ApiError)) return null;
  if (error.hasCode('LINK_EXPIRED')) return 'expired';
  if (error.hasCode('LINK_INVALID') || error.hasCode('USER_ARCHIVED')) return 'invalid';
  return null;
}

function SetPasswordPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { userId, token } = Route.useSearch();
  const mutation = useMutation({
    ...usersSetPasswordMutation(),
    meta: { silent: true },
    onSuccess: async ({ data }) => {
      const session = await beginSession(data);
      await navigate({ href: nextPathAfterSignIn(session), replace: true });
    },
    onError: (error) => {
      if (!linkProblem(error)) notifyError(error);
    },
  });
  const problem = !userId || !token ? 'invalid' : linkProblem(mutation.error);

  if (problem) {
    return (
      <InfoPage
        icon={IconLinkOff}
        color="yellow"
        title={
          problem === 'expired' ? <Trans>This invitation has expired</Trans> : <Trans>This invitation link is not valid</Trans>
        }
        actions={
          <ButtonLink to="/login" variant="default">
            {t`Go to sign-in`}
          </ButtonLink>
        }
      >
        {problem === 'expired' ? (
          <Trans>Invitations are valid for 7 days. Please ask your manager to invite you again.</Trans>
        ) : (
          <Trans>
            The link was already used or not copied completely. If you have set your password already,
            just sign in; otherwise ask your manager for a new invitation.
          </Trans>
        )}
      </InfoPage>
    );
  }

  return (
    <InfoPage icon={IconUserCheck} title={<Trans>Activate your account</Trans>} plain>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          <Trans>You were invited to Fieldbook. Choose your password to activate your account and sign in.</Trans>
        </Text>
        <NewPasswordForm
          submitLabel={t`Activate and sign in`}
          loading={mutation.isPending}
          error={mutation.error}
          onSubmit={(values) =>
            mutation.mutate({
              body: { userId: userId!, token: token!, password: values.password, confirmPassword: values.confirmPassword },
            })
          }
        />
      </Stack>
    </InfoPage>
  );
}
