import { useLingui } from '@lingui/react/macro';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authChangePasswordMutation } from '../../../../generated/api/@tanstack/react-query.gen';
import { showFormError } from '../form-errors';
import { showSuccess } from '../../../lib/notifications';
import { passwordChanged } from '../api/cache';
import { MIN_PASSWORD_LENGTH, PasswordStrengthHint } from '../password-strength';
import { SectionCard } from './section-card';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The messages of a password change, in the order a user meets them. */
export function validatePasswordChange(values: PasswordValues, messages: {
  bothRequired: string;
  tooShort: string;
  mustDiffer: string;
  mustMatch: string;
}): Partial<Record<keyof PasswordValues, string>> {
  const errors: Partial<Record<keyof PasswordValues, string>> = {};
  if (!values.oldPassword) errors.oldPassword = messages.bothRequired;
  if (!values.newPassword) errors.newPassword = messages.bothRequired;
  else if (values.newPassword.length < MIN_PASSWORD_LENGTH) errors.newPassword = messages.tooShort;
  else if (values.oldPassword && values.newPassword === values.oldPassword) errors.newPassword = messages.mustDiffer;
  if (values.newPassword && values.confirmPassword !== values.newPassword) errors.confirmPassword = messages.mustMatch;
  return errors;
}

/** Change the password: old and new, different, confirmed; the other devices are signed out. */
export function PasswordCard({ userId }: { userId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const form = useForm<PasswordValues>({
    initialValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    validate: (values) =>
      validatePasswordChange(values, {
        bothRequired: t`Old and new password are both required`,
        tooShort: t`The password needs at least 8 characters.`,
        mustDiffer: t`The new password must differ from the old one.`,
        mustMatch: t`Passwords must match`,
      }),
  });
  const mutation = useMutation({
    ...authChangePasswordMutation(),
    onSuccess: () => {
      form.reset();
      void passwordChanged(queryClient, userId);
      showSuccess(t`Your password is changed. Your other devices were signed out.`);
    },
    meta: { silent: true },
    onError: (error) => showFormError(form, error),
  });
  const toggle = { 'aria-label': t`Toggle password visibility` };

  return (
    <SectionCard icon={IconLock} title={t`Password`} description={t`Changing it signs out your other devices.`}>
      <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate({ body: values }))}>
        <Stack gap="md">
          <PasswordInput
            label={t`Current password`}
            autoComplete="current-password"
            withAsterisk
            visibilityToggleButtonProps={toggle}
            {...form.getInputProps('oldPassword')}
          />
          <Stack gap={6}>
            <PasswordInput
              label={t`New password`}
              autoComplete="new-password"
              withAsterisk
              visibilityToggleButtonProps={toggle}
              {...form.getInputProps('newPassword')}
            />
            <PasswordStrengthHint password={form.values.newPassword} />
          </Stack>
          <PasswordInput
            label={t`Confirm the new password`}
            autoComplete="new-password"
            withAsterisk
            visibilityToggleButtonProps={toggle}
            {...form.getInputProps('confirmPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending}>
              {t`Change password`}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
