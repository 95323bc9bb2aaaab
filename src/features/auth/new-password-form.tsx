import { useLingui } from '@lingui/react/macro';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { ApiError } from '../../lib/api-error';
import { MIN_PASSWORD_LENGTH, PasswordStrengthHint } from './password-strength';

interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/**
 * A new password and its confirmation (reset, invitation). Server field errors for `password`,
 * `newPassword` and `confirmPassword` land on the fields.
 */
export function NewPasswordForm({
  onSubmit,
  submitLabel,
  loading,
  error,
}: {
  onSubmit: (values: NewPasswordValues) => void;
  submitLabel: string;
  loading: boolean;
  error: unknown;
}) {
  const { t } = useLingui();
  const form = useForm<NewPasswordValues>({
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: (value) => {
        if (!value) return t`Password is required`;
        return value.length < MIN_PASSWORD_LENGTH ? t`The password needs at least 8 characters.` : null;
      },
      confirmPassword: (value, values) => (value === values.password ? null : t`Passwords must match`),
    },
  });

  const { setErrors } = form;
  useEffect(() => {
    if (!(error instanceof ApiError)) return;
    const fields = error.fieldErrors;
    const password = fields.password ?? fields.newPassword;
    const confirm = fields.confirmPassword;
    if (password || confirm) {
      setErrors({
        ...(password ? { password: password.join(' ') } : {}),
        ...(confirm ? { confirmPassword: confirm.join(' ') } : {}),
      });
    }
  }, [error, setErrors]);

  return (
    <form noValidate onSubmit={form.onSubmit(onSubmit)}>
      <Stack gap="md">
        <Stack gap={6}>
          <PasswordInput
            label={t`New password`}
            autoComplete="new-password"
            withAsterisk
            visibilityToggleButtonProps={{ 'aria-label': t`Toggle password visibility` }}
            {...form.getInputProps('password')}
          />
          <PasswordStrengthHint password={form.values.password} />
        </Stack>
        <PasswordInput
          label={t`Confirm the new password`}
          autoComplete="new-password"
          withAsterisk
          visibilityToggleButtonProps={{ 'aria-label': t`Toggle password visibility` }}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" loading={loading} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
