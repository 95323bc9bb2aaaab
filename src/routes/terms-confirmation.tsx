import { Trans, useLingui } from '@lingui/react/macro';
import {
  Accordion,
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFileCheck, IconLogout } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { authConfirmTermsMutation } from '../../generated/api/@tanstack/react-query.gen';
import { PublicLayout } from '../components/public-layout';
import { AnchorLink } from '../components/router-links';
import { requireAccountStep } from '../features/auth/account-step-guard';
import { beginSession } from '../features/auth/api/auth';
import { ConsentDocument, ConsentTextsState, textOf, useConsentTexts } from '../components/consent-texts';
import { consentsToSend, mayGrantTenantConsents, type ConsentValues } from '../features/auth/consents';
import { returnUrlSearchSchema } from '../features/auth/schemas';
import { nextPathAfterSignIn } from '../lib/auth-guards';
import { useSession } from '../lib/session';
import { signOut } from '../lib/sign-out';

/**
 * Terms confirmation: the full terms and privacy texts; both must be
 * accepted. Owner, Admin and Manager may also grant the tenant-wide consents for AI features and
 * location stamps (optional, changeable later in the company profile).
 */
export const Route = createFileRoute('/terms-confirmation')({
  validateSearch: returnUrlSearchSchema,
  beforeLoad: ({ location, search }) => requireAccountStep('/terms-confirmation', { location, returnUrl: search.returnUrl }),
  component: TermsConfirmationPage,
});

function TermsConfirmationPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { returnUrl } = Route.useSearch();
  const session = useSession();
  const texts = useConsentTexts();
  const manager = mayGrantTenantConsents(session);
  const form = useForm<ConsentValues>({
    initialValues: { terms: false, privacy: false, ai: false, gps: false },
    validate: {
      terms: (value) => (value ? null : t`Terms must be accepted`),
      privacy: (value) => (value ? null : t`Please accept the privacy notice.`),
    },
  });
  const mutation = useMutation({
    ...authConfirmTermsMutation(),
    onSuccess: async ({ data }) => {
      const next = await beginSession(data);
      await navigate({ href: nextPathAfterSignIn(next, returnUrl), replace: true });
    },
  });
  const leave = useMutation({
    mutationFn: signOut,
    onSuccess: () => navigate({ to: '/login', replace: true }),
  });

  const terms = textOf(texts.data, 'terms');
  const privacy = textOf(texts.data, 'privacy');
  const ai = textOf(texts.data, 'ai');
  const gps = textOf(texts.data, 'gps');

  return (
    <PublicLayout width="48rem">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <form
          noValidate
          onSubmit={form.onSubmit((values) => mutation.mutate({ body: { consents: consentsToSend(values, manager) } }))}
        >
          <Stack gap="md">
            <Group gap="sm" wrap="nowrap" align="center">
              <ThemeIcon size={44} radius="xl" variant="light">
                <IconFileCheck size={24} stroke={1.6} />
              </ThemeIcon>
              <Title order={1} fz="h3">
                <Trans>Accept the terms of use</Trans>
              </Title>
            </Group>
            <Text fz="sm" c="dimmed">
              <Trans>
                Before you continue, please read the terms of use and the privacy notice. Both are
                needed to use Fieldbook.
              </Trans>
            </Text>
            <ConsentTextsState query={texts} />
            {terms && privacy ? (
              <Paper withBorder radius="md">
                <ScrollArea.Autosize mah="min(45vh, 28rem)" type="auto" offsetScrollbars>
                  <Stack gap="lg" p="md" tabIndex={0} role="region" aria-label={t`Terms of use and privacy notice`}>
                    {[terms, privacy].map((text) => (
                      <section key={text.purpose}>
                        <Title order={2} fz="h5" mb="xs">
                          {text.title}
                        </Title>
                        <ConsentDocument text={text.text} />
                      </section>
                    ))}
                  </Stack>
                </ScrollArea.Autosize>
              </Paper>
            ) : null}
            <Stack gap="sm">
              <Checkbox
                label={<Trans>I accept the terms of use.</Trans>}
                {...form.getInputProps('terms', { type: 'checkbox' })}
              />
              <Checkbox
                label={<Trans>I have read the privacy notice and agree to the processing of my data as described.</Trans>}
                {...form.getInputProps('privacy', { type: 'checkbox' })}
              />
            </Stack>
            {manager && (ai || gps) ? (
              <Stack gap="xs">
                <Title order={2} fz="h5" mt="xs">
                  <Trans>Optional, for your whole company</Trans>
                </Title>
                <Text fz="sm" c="dimmed">
                  <Trans>You can change these at any time in the company profile.</Trans>
                </Text>
                <Accordion variant="contained" radius="md" chevronPosition="right">
                  {[ai, gps].flatMap((text) =>
                    text ? (
                      <Accordion.Item key={text.purpose} value={text.purpose}>
                        <Group wrap="nowrap" gap="xs" px="md" pt="sm">
                          <Checkbox
                            label={
                              text.purpose === 'ai' ? (
                                <Trans>Allow AI features (summaries and invoice texts)</Trans>
                              ) : (
                                <Trans>Allow location stamps at the start and stop of timers and on photos</Trans>
                              )
                            }
                            {...form.getInputProps(text.purpose, { type: 'checkbox' })}
                          />
                        </Group>
                        <Accordion.Control fz="sm">{t`Read: ${text.title}`}</Accordion.Control>
                        <Accordion.Panel>
                          <ConsentDocument text={text.text} />
                        </Accordion.Panel>
                      </Accordion.Item>
                    ) : [],
                  )}
                </Accordion>
              </Stack>
            ) : null}
            {form.errors.terms || form.errors.privacy ? (
              <Alert color="red" variant="light" role="alert">
                {t`Please accept the terms of use and the privacy notice to continue.`}
              </Alert>
            ) : null}
            <Group justify="space-between" gap="sm" mt="xs" wrap="wrap-reverse">
              <Button
                variant="subtle"
                color="gray"
                leftSection={<IconLogout size={18} stroke={1.7} />}
                loading={leave.isPending}
                onClick={() => leave.mutate()}
              >
                {t`Sign out`}
              </Button>
              <Group gap="sm" wrap="wrap">
                <AnchorLink to="/terms-view" target="_blank" fz="sm">
                  {t`Open all texts in a new tab`}
                </AnchorLink>
                <Button type="submit" loading={mutation.isPending}>
                  {t`Accept and continue`}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Paper>
    </PublicLayout>
  );
}
