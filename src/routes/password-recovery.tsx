import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey, IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { authForgotPasswordMutation } from '../../generated/api/@tanstack/react-query.gen';
import { InfoPage } from '../components/public-layout';
import { ButtonLink } from '../components/router-links';
import { EMAIL_PATTERN } from '../features/auth/schemas';
import { showFormError } from '../features/auth/form-errors';

/**
 * Forgot password: the answer is the same whether an account exists or not (no hint which
 * addresses are registered); a link valid for one hour is mailed when one does.
 */
export const Route = createFileRoute('/password-recovery')({
  component: PasswordRecoveryPage,
});

function PasswordRecoveryPage() {
  const { t } = useLingui();
  const form = useForm({
    initialValues: { email: '' },
    validate: {
      email: (value: string) => {
        if (!value.trim()) return t`Email is required`;
        return EMAIL_PATTERN.test(value.trim()) ? null : t`Enter a valid email address`;
      },
    },
  });
  const mutation = useMutation({
    ...authForgotPasswordMutation(),
    meta: { silent: true },
    onError: (error) => showFormError(form, error),
  });
  const sentTo = mutation.isSuccess ? mutation.variables.body.email : null;

  return (
    <InfoPage
      icon={sentTo ? IconMailCheck : IconKey}
      title={sentTo ? <Trans>Check your inbox</Trans> : <Trans>Forgot your password?</Trans>}
      plain
      actions={
        <ButtonLink to="/login" variant="default">
          <Trans>Back to sign-in</Trans>
        </ButtonLink>
      }
    >
      {sentTo ? (
        <Alert color="emerald" variant="light" role="status">
          <Trans>
            If an account exists for <b>{sentTo}</b>, we sent it a link to choose a new password. The
            link is valid for one hour. No email? Look in the spam folder or try again in a minute.
          </Trans>
        </Alert>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit((values) => mutation.mutate({ body: { email: values.email.trim() } }))}
        >
          <Stack gap="md">
            <Text fz="sm" c="dimmed">
              <Trans>Enter the email address of your account. We will send you a link to choose a new password.</Trans>
            </Text>
            <TextInput
              label={t`Email`}
              type="email"
              autoComplete="email"
              withAsterisk
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={mutation.isPending} fullWidth>
              {t`Send the link`}
            </Button>
          </Stack>
        </form>
      )}
    </InfoPage>
  );
}
