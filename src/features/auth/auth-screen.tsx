import { useLingui } from '@lingui/react/macro';
import { Box, Button, Center, Group, Loader, Paper, PasswordInput, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBrandApple, IconBrandGoogle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useMemo } from 'react';
import { PublicLayout } from '../../components/public-layout';
import { AnchorLink } from '../../components/router-links';
import { readAppConfig, type ExternalProviderConfig } from '../../lib/app-config';
import { useIdlePreload } from '../../lib/use-lazy-dialog';
import { showFormError } from './form-errors';
import { signIn, signInWithPasskey, type SignInValues } from './api/auth';
import { OrDivider, PasskeyAddressNote, PasskeyButton, RateLimitAlert, useAfterSignIn, usePasskeyErrorHandler, type FormProps } from './auth-form-parts';
import { providerConfig, startExternalLogin, type ExternalProvider } from './external-login';
import { passkeyAvailability } from './passkey-support';
import { retryAfterSeconds } from './resend-confirmation';
import { loadedSignUpForm, loadSignUpForm } from './sign-up-form-loader';
import { useCountdown } from './use-countdown';

// The register tab's form loads with /register (its route asks for it), or once the login is idle.
const LazySignUpForm = lazy(() => loadSignUpForm().then((SignUpForm) => ({ default: SignUpForm })));

type AuthTab = 'login' | 'register';

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
        <PasskeyButton loading={passkey.isPending} onClick={() => passkey.mutate()}>
          {t`Sign in with a passkey`}
        </PasskeyButton>
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

/** The register tab's form: at once when it is loaded, else with a loader until it is. */
function SignUpPanel(props: FormProps) {
  const { t } = useLingui();
  // Once loaded, the module's own SignUpForm, the same function every time: not made here.
  const SignUpForm = loadedSignUpForm() ?? LazySignUpForm;
  return (
    <Suspense
      fallback={
        <Center h={360}>
          <Loader size="sm" role="status" aria-label={t`Loading`} />
        </Center>
      }
    >
      {/* eslint-disable-next-line react-hooks/static-components -- a module's export, see above */}
      <SignUpForm {...props} />
    </Suspense>
  );
}

/** /login and /register: one card, two tabs. */
export function AuthScreen({ tab, returnUrl }: { tab: AuthTab; returnUrl?: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const providers = useExternalProviders();
  const availability = useMemo(() => passkeyAvailability(), []);
  const passkeys = availability === 'available';
  const alternatives = passkeys || providers.length > 0;
  useIdlePreload(loadSignUpForm);

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
            <SignUpPanel returnUrl={returnUrl} passkeys={passkeys} alternatives={alternatives} />
          </Tabs.Panel>
        </Tabs>
        <ExternalSignIn returnUrl={returnUrl} providers={providers} />
        {availability === 'insecureAddress' ? (
          <Box mt="md">
            <PasskeyAddressNote />
          </Box>
        ) : null}
      </Paper>
    </PublicLayout>
  );
}
