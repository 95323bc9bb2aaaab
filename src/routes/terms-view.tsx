import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { PublicLayout } from '../components/public-layout';
import { ConsentDocument, ConsentTextsState, useConsentTexts } from '../components/consent-texts';

/** The terms and the other consent texts, for anyone. */
export const Route = createFileRoute('/terms-view')({
  component: TermsViewPage,
});

function TermsViewPage() {
  const { t } = useLingui();
  const router = useRouter();
  const texts = useConsentTexts();

  return (
    <PublicLayout width="52rem" top>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <div>
            <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
              <Trans>Terms and privacy</Trans>
            </Title>
            <Text c="dimmed" fz="sm" mt={4}>
              <Trans>What you agree to when you use Fieldbook, and how your data is processed.</Trans>
            </Text>
          </div>
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={18} stroke={1.7} />}
            onClick={() => (window.history.length > 1 ? router.history.back() : void router.navigate({ to: '/register' }))}
          >
            {t`Back`}
          </Button>
        </Group>
        <ConsentTextsState query={texts} />
        {texts.data?.map((text) => (
          <Paper key={text.purpose} withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={`consent-${text.purpose}`}>
            <Title order={2} fz="h4" mb="sm" id={`consent-${text.purpose}`}>
              {text.title}
            </Title>
            <ConsentDocument text={text.text} />
            <Text fz="xs" c="dimmed" mt="md">
              {t`Version ${text.version}`}
            </Text>
          </Paper>
        ))}
      </Stack>
    </PublicLayout>
  );
}
