import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PublicLayout } from '../../components/public-layout';
import { AnchorLink } from '../../components/router-links';
import { ApiError, NO_ACTIVE_LICENSE_MANAGER_TRIAL } from '../../lib/api-error';
import { signIn, signUp, type SignInValues, type SignUpValues } from './api/auth';
import { EMAIL_PATTERN } from './schemas';
import { deriveTenantName } from './tenant-name';

export type AuthTab = 'login' | 'register';

/** Puts the server's field errors (`errors` of the envelope) onto the form's fields. */
function applyFieldErrors<T extends object>(form: UseFormReturnType<T>, error: unknown) {
  if (!(error instanceof ApiError)) return;
  const fields = Object.keys(form.getValues());
  const errors: Record<string, ReactNode> = {};
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const last = key.split('.').pop() ?? key;
    const field = fields.find((f) => f.toLowerCase() === last.toLowerCase());
    if (field) errors[field] = messages.join(' ');
  }
  if (Object.keys(errors).length) form.setErrors(errors);
}

function useAfterSignIn(returnUrl: string | undefined) {
  const navigate = useNavigate();
  return {
    onSuccess: () => navigate({ to: returnUrl ?? '/', replace: true }),
    onLicenseExpired: (error: unknown) => {
      if (!(error instanceof ApiError) || !error.hasCode(NO_ACTIVE_LICENSE_MANAGER_TRIAL)) return false;
      const meta = error.messages.find((m) => m.code === NO_ACTIVE_LICENSE_MANAGER_TRIAL)?.meta;
      void navigate({
        to: '/license-expired',
        search: { role: meta?.role ?? 'Manager', checkoutUrl: meta?.checkoutUrl },
      });
      return true;
    },
  };
}

function SignInForm({ returnUrl }: { returnUrl?: string }) {
  const { t } = useLingui();
  const after = useAfterSignIn(returnUrl);
  const form = useForm<SignInValues>({
    initialValues: { userNameOrEmail: '', password: '' },
    validate: {
      userNameOrEmail: (value) => (value.trim() ? null : <Trans>Email is required for login</Trans>),
      password: (value) => (value ? null : <Trans>Password is required for login</Trans>),
    },
  });
  const mutation = useMutation({
    mutationFn: signIn,
    onSuccess: after.onSuccess,
    onError: (error) => {
      if (!after.onLicenseExpired(error)) applyFieldErrors(form, error);
    },
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
      <Stack gap="md">
        <TextInput
          label={t`Email or user name`}
          autoComplete="username"
          inputMode="email"
          withAsterisk
          {...form.getInputProps('userNameOrEmail')}
        />
        <PasswordInput
          label={t`Password`}
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <AnchorLink to="/password-recovery" fz="sm">
            {t`Forgot your password?`}
          </AnchorLink>
        </Group>
        <Button type="submit" fullWidth size="md" loading={mutation.isPending}>
          {t`Sign in`}
        </Button>
      </Stack>
    </form>
  );
}

function SignUpForm({ returnUrl }: { returnUrl?: string }) {
  const { t } = useLingui();
  const after = useAfterSignIn(returnUrl);
  const form = useForm<SignUpValues>({
    initialValues: { email: '', password: '', termsConfirmed: false },
    validate: {
      email: (value) => {
        if (!value.trim()) return <Trans>Email and password are required</Trans>;
        return EMAIL_PATTERN.test(value.trim()) ? null : <Trans>Enter a valid email address</Trans>;
      },
      password: (value) => (value ? null : <Trans>Email and password are required</Trans>),
      termsConfirmed: (value) => (value ? null : <Trans>Terms must be accepted</Trans>),
    },
  });
  const mutation = useMutation({
    mutationFn: signUp,
    onSuccess: after.onSuccess,
    onError: (error) => {
      if (!after.onLicenseExpired(error)) applyFieldErrors(form, error);
    },
  });
  const tenantName = deriveTenantName(form.values.email);

  return (
    <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
      <Stack gap="md">
        <TextInput
          label={t`Email`}
          type="email"
          autoComplete="email"
          withAsterisk
          description={
            tenantName && form.values.email.includes('@')
              ? t`Your company will be named “${tenantName}”. You can change it later in the tenant profile.`
              : undefined
          }
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t`Password`}
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <Checkbox
          label={
            <Trans>
              I accept the{' '}
              <AnchorLink to="/terms-view" target="_blank" fz="sm" inherit>
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
  );
}

/** /login and /register: one card, two tabs (spec section 2). */
export function AuthScreen({ tab, returnUrl }: { tab: AuthTab; returnUrl?: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();

  return (
    <PublicLayout>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Title order={1} fz="h3">
          {tab === 'login' ? t`Welcome back` : t`Create your account`}
        </Title>
        <Text c="dimmed" fz="sm" mt={4} mb="lg">
          {tab === 'login'
            ? t`Sign in to record times, notes, materials and photos for your customers.`
            : t`Start with a 30-day trial for you and your team.`}
        </Text>
        <Tabs
          value={tab}
          keepMounted={false}
          onChange={(value) =>
            void navigate({ to: value === 'register' ? '/register' : '/login', search: { returnUrl }, replace: true })
          }
        >
          <Tabs.List grow mb="lg">
            <Tabs.Tab value="login">{t`Sign in`}</Tabs.Tab>
            <Tabs.Tab value="register">{t`Register`}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="login">
            <SignInForm returnUrl={returnUrl} />
          </Tabs.Panel>
          <Tabs.Panel value="register">
            <SignUpForm returnUrl={returnUrl} />
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </PublicLayout>
  );
}
