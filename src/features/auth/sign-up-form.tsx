import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { AnchorLink } from '../../components/router-links';
import { signUp, signUpWithPasskey, type SignUpValues } from './api/auth';
import { OrDivider, PasskeyButton, useAfterSignIn, usePasskeyErrorHandler, type FormProps } from './auth-form-parts';
import { showFormError } from './form-errors';
import { passkeyErrorLabel } from './passkey-errors';
import { MIN_PASSWORD_LENGTH, PasswordStrengthHint } from './password-strength';
import { EMAIL_PATTERN } from './schemas';
import { deriveTenantName } from './tenant-name';

/** The register tab: loaded with the tab, not with the login. */
export function SignUpForm({ returnUrl, passkeys, alternatives }: FormProps) {
  const { t } = useLingui();
  const afterSignIn = useAfterSignIn(returnUrl);
  const onPasskeyError = usePasskeyErrorHandler();
  // The company name follows the email until the user types one.
  const tenantEdited = useRef(false);
  // Which submit validates: a passkey sign-up needs no password.
  const passkeyMode = useRef(false);
  const form = useForm<SignUpValues>({
    initialValues: { email: '', password: '', tenantName: '', termsConfirmed: false },
    validate: {
      email: (value) => {
        if (!value.trim()) return t`Email and password are required`;
        return EMAIL_PATTERN.test(value.trim()) ? null : t`Enter a valid email address`;
      },
      password: (value) => {
        if (passkeyMode.current) return null;
        if (!value) return t`Email and password are required`;
        return value.length < MIN_PASSWORD_LENGTH ? t`The password needs at least 8 characters.` : null;
      },
      tenantName: (value, values) =>
        value.trim() || deriveTenantName(values.email) || !values.email.trim() ? null : t`Please enter a company name.`,
      termsConfirmed: (value) => (value ? null : t`Terms must be accepted`),
    },
  });
  const mutation = useMutation({
    mutationFn: signUp,
    meta: { silent: true },
    onSuccess: afterSignIn,
    onError: (error) => showFormError(form, error),
  });
  const passkey = useMutation({
    mutationFn: signUpWithPasskey,
    meta: { silent: true },
    onSuccess: afterSignIn,
    onError: (error) => {
      if (passkeyErrorLabel(error)) onPasskeyError(error);
      else showFormError(form, error);
    },
  });

  const submitWithPasskey = () => {
    passkeyMode.current = true;
    const result = form.validate();
    passkeyMode.current = false;
    if (result.hasErrors) return;
    const { email, tenantName, termsConfirmed } = form.getValues();
    passkey.mutate({ email, tenantName, termsConfirmed });
  };

  return (
    <Stack gap="md">
      <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
        <Stack gap="md">
          <TextInput
            label={t`Email`}
            type="email"
            autoComplete="email"
            withAsterisk
            {...form.getInputProps('email')}
            onChange={(event) => {
              const email = event.currentTarget.value;
              form.setFieldValue('email', email);
              if (!tenantEdited.current) form.setFieldValue('tenantName', deriveTenantName(email));
            }}
          />
          <TextInput
            label={t`Company name`}
            autoComplete="organization"
            description={t`Taken from your email address. You can change it now or later in the company profile.`}
            {...form.getInputProps('tenantName')}
            onChange={(event) => {
              tenantEdited.current = true;
              form.setFieldValue('tenantName', event.currentTarget.value);
            }}
          />
          <Stack gap={6}>
            <PasswordInput
              label={t`Password`}
              autoComplete="new-password"
              withAsterisk
              visibilityToggleButtonProps={{ 'aria-label': t`Toggle password visibility` }}
              {...form.getInputProps('password')}
            />
            <PasswordStrengthHint password={form.values.password} />
          </Stack>
          <Checkbox
            label={
              <Trans>
                I accept the{' '}
                <AnchorLink to="/terms-view" target="_blank" fz="sm" inherit underline="always">
                  terms of use
                </AnchorLink>
                .
              </Trans>
            }
            {...form.getInputProps('termsConfirmed', { type: 'checkbox' })}
          />
          <Button type="submit" fullWidth size="md" loading={mutation.isPending}>
            {t`Create account`}
          </Button>
        </Stack>
      </form>
      {alternatives ? <OrDivider /> : null}
      {passkeys ? (
        <>
          <PasskeyButton loading={passkey.isPending} onClick={submitWithPasskey}>
            {t`Sign up with a passkey`}
          </PasskeyButton>
          <Text fz="xs" c="dimmed" ta="center" mt={-8}>
            {t`No password needed: your device unlocks your account with fingerprint, face or PIN.`}
          </Text>
        </>
      ) : null}
    </Stack>
  );
}
