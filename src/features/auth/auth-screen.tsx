import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBrandApple, IconBrandGoogle, IconClockPause, IconFingerprint } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useRef } from 'react';
import { PublicLayout } from '../../components/public-layout';
import { AnchorLink } from '../../components/router-links';
import { readAppConfig, type ExternalProviderConfig } from '../../lib/app-config';
import { nextPathAfterSignIn } from '../../lib/auth-guards';
import { showFormError } from './form-errors';
import { showError } from '../../lib/notifications';
import { notifyError } from '../../lib/query-client';
import type { Session } from '../../lib/session';
import {
  signIn,
  signInWithPasskey,
  signUp,
  signUpWithPasskey,
  type SignInValues,
  type SignUpValues,
} from './api/auth';
import { providerConfig, startExternalLogin, type ExternalProvider } from './external-login';
import { passkeyErrorLabel } from './passkey-errors';
import { supportsPasskeys } from './passkey-support';
import { MIN_PASSWORD_LENGTH, PasswordStrengthHint } from './password-strength';
import { retryAfterSeconds } from './resend-confirmation';
import { EMAIL_PATTERN } from './schemas';
import { deriveTenantName } from './tenant-name';
import { useCountdown } from './use-countdown';

type AuthTab = 'login' | 'register';

/** Where to go once a session exists: the missing account step, the return url or the start page. */
function useAfterSignIn(returnUrl: string | undefined) {
  const navigate = useNavigate();
  return (session: Session) => navigate({ href: nextPathAfterSignIn(session, returnUrl), replace: true });
}

/** Errors of the passkey dialog get their own label; API errors the usual toast. */
function usePasskeyErrorHandler() {
  const { i18n } = useLingui();
  return (error: unknown) => {
    const label = passkeyErrorLabel(error);
    if (label) showError(i18n._(label));
    else notifyError(error);
  };
}

function OrDivider() {
  const { t } = useLingui();
  return <Divider label={t`or`} labelPosition="center" my={4} />;
}

function RateLimitAlert({ seconds }: { seconds: number }) {
  return (
    <Alert color="yellow" variant="light" icon={<IconClockPause size={18} />} role="alert">
      <Trans>Too many attempts. Please wait {seconds} seconds before you try again.</Trans>
    </Alert>
  );
}

interface FormProps {
  returnUrl?: string;
  /** Passkeys work in this browser. */
  passkeys: boolean;
  /** Other ways follow below the form (passkey, Google, Apple): an "or" line separates them. */
  alternatives: boolean;
}

function SignInForm({ returnUrl, passkeys, alternatives }: FormProps) {
  const { t } = useLingui();
  const afterSignIn = useAfterSignIn(returnUrl);
  const onPasskeyError = usePasskeyErrorHandler();
  const wait = useCountdown();
  const form = useForm<SignInValues>({
    initialValues: { userNameOrEmail: '', password: '' },
    validate: {
      userNameOrEmail: (value) => (value.trim() ? null : t`Email is required for login`),
      password: (value) => (value ? null : t`Password is required for login`),
    },
  });
  const mutation = useMutation({
    mutationFn: signIn,
    meta: { silent: true },
    onSuccess: afterSignIn,
    onError: (error) => {
      const seconds = retryAfterSeconds(error);
      if (seconds) {
        wait.start(seconds);
        return;
      }
      showFormError(form, error);
    },
  });
  const passkey = useMutation({
    mutationFn: signInWithPasskey,
    meta: { silent: true },
    onSuccess: afterSignIn,
    onError: onPasskeyError,
  });
  const seconds = wait.secondsLeft;

  return (
    <Stack gap="md">
      <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
        <Stack gap="md">
          {wait.running ? <RateLimitAlert seconds={seconds} /> : null}
          <TextInput
            label={t`Email or user name`}
            autoComplete="username webauthn"
            inputMode="email"
            withAsterisk
            {...form.getInputProps('userNameOrEmail')}
          />
          <PasswordInput
            label={t`Password`}
            autoComplete="current-password"
            withAsterisk
            visibilityToggleButtonProps={{ 'aria-label': t`Toggle password visibility` }}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" mt={-6}>
            <AnchorLink to="/password-recovery" fz="sm">
              {t`Forgot your password?`}
            </AnchorLink>
          </Group>
          <Button type="submit" fullWidth size="md" loading={mutation.isPending} disabled={wait.running}>
            {t`Sign in`}
          </Button>
        </Stack>
      </form>
      {alternatives ? <OrDivider /> : null}
      {passkeys ? (
        <Button
          variant="default"
          fullWidth
          size="md"
          leftSection={<IconFingerprint size={20} stroke={1.7} />}
          loading={passkey.isPending}
          onClick={() => passkey.mutate()}
        >
          {t`Sign in with a passkey`}
        </Button>
      ) : null}
    </Stack>
  );
}

function SignUpForm({ returnUrl, passkeys, alternatives }: FormProps) {
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
            description={t`Taken from your email address. You can change it now or later in the tenant profile.`}
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
          <Button
            variant="default"
            fullWidth
            size="md"
            leftSection={<IconFingerprint size={20} stroke={1.7} />}
            loading={passkey.isPending}
            onClick={submitWithPasskey}
          >
            {t`Sign up with a passkey`}
          </Button>
          <Text fz="xs" c="dimmed" ta="center" mt={-8}>
            {t`No password needed: your device unlocks your account with fingerprint, face or PIN.`}
          </Text>
        </>
      ) : null}
    </Stack>
  );
}

interface ConfiguredProvider {
  provider: ExternalProvider;
  settings: ExternalProviderConfig;
}

/** Google and Apple, only when the server has them configured (`/app-config.js`). */
function useExternalProviders(): ConfiguredProvider[] {
  return useMemo(() => {
    const config = readAppConfig();
    return (['google', 'apple'] as const).flatMap((provider) => {
      const settings = providerConfig(config, provider);
      return settings ? [{ provider, settings }] : [];
    });
  }, []);
}

function ExternalSignIn({ returnUrl, providers }: { returnUrl?: string; providers: ConfiguredProvider[] }) {
  const { t } = useLingui();
  if (providers.length === 0) return null;
  const labels: Record<ExternalProvider, string> = { google: t`Continue with Google`, apple: t`Continue with Apple` };
  const icons = { google: IconBrandGoogle, apple: IconBrandApple };
  return (
    <Stack gap="sm" mt="sm">
      {providers.map(({ provider, settings }) => {
        const Icon = icons[provider];
        return (
          <Button
            key={provider}
            variant={provider === 'apple' ? 'filled' : 'default'}
            color={provider === 'apple' ? 'dark' : undefined}
            fullWidth
            size="md"
            leftSection={<Icon size={20} stroke={1.7} />}
            onClick={() => startExternalLogin(provider, settings, returnUrl)}
          >
            {labels[provider]}
          </Button>
        );
      })}
    </Stack>
  );
}

/** /login and /register: one card, two tabs. */
export function AuthScreen({ tab, returnUrl }: { tab: AuthTab; returnUrl?: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const providers = useExternalProviders();
  const passkeys = useMemo(() => supportsPasskeys(), []);
  const alternatives = passkeys || providers.length > 0;

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
            <SignInForm returnUrl={returnUrl} passkeys={passkeys} alternatives={alternatives} />
          </Tabs.Panel>
          <Tabs.Panel value="register">
            <SignUpForm returnUrl={returnUrl} passkeys={passkeys} alternatives={alternatives} />
          </Tabs.Panel>
        </Tabs>
        <ExternalSignIn returnUrl={returnUrl} providers={providers} />
      </Paper>
    </PublicLayout>
  );
}
