import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconInfoCircle, IconMailbox, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { EmptyState } from '../components/empty-state';
import { PublicLayout } from '../components/public-layout';
import { ButtonLink } from '../components/router-links';

/**
 * Development tools: the mail outbox (`GET /dev/outbox`, outside the contract, never in
 * production). Without SMTP the server keeps every mail there; with SMTP it says so.
 */
export const Route = createFileRoute('/development')({
  component: DevelopmentPage,
});

interface OutboxMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAtUtc: string;
}

interface Outbox {
  usesOutbox: boolean;
  mails: OutboxMail[];
}

class OutboxUnavailable extends Error {}

async function fetchOutbox(): Promise<Outbox> {
  const response = await fetch('/dev/outbox', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new OutboxUnavailable(String(response.status));
  const body = (await response.json()) as Partial<Outbox>;
  if (!Array.isArray(body.mails)) throw new OutboxUnavailable('shape');
  return { usesOutbox: body.usesOutbox === true, mails: body.mails };
}

function MailPreview({ mail }: { mail: OutboxMail }) {
  const { t, i18n } = useLingui();
  const [view, setView] = useState<'html' | 'text'>('html');
  const sent = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(
    new Date(mail.sentAtUtc),
  );
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4" style={{ overflowWrap: 'anywhere' }}>
            {mail.subject}
          </Title>
          <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t`From ${mail.from} to ${mail.to}, ${sent}`}
          </Text>
        </div>
        <SegmentedControl
          value={view}
          onChange={(value) => setView(value as 'html' | 'text')}
          data={[
            { value: 'html', label: t`HTML` },
            { value: 'text', label: t`Plain text` },
          ]}
          w="fit-content"
        />
        {view === 'html' ? (
          // Empty sandbox: no scripts, no forms, no same-origin access; links open nothing here.
          <iframe
            title={t`HTML of the email`}
            sandbox=""
            srcDoc={mail.html}
            style={{ width: '100%', height: '26rem', border: '1px solid var(--mantine-color-default-border)', borderRadius: 8, background: '#fff' }}
          />
        ) : (
          <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
            <Text component="pre" fz="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>
              {mail.text}
            </Text>
          </Paper>
        )}
      </Stack>
    </Paper>
  );
}

function DevelopmentPage() {
  const { t, i18n } = useLingui();
  const outbox = useQuery({ queryKey: ['development', 'outbox'], queryFn: fetchOutbox, retry: false, meta: { silent: true } });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const mails = outbox.data?.mails ?? [];
  const selected = mails.find((m) => m.id === selectedId) ?? mails[0];
  const time = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'short', timeStyle: 'short' });

  return (
    <PublicLayout width="76rem" top>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <div>
            <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
              <Trans>Development outbox</Trans>
            </Title>
            <Text c="dimmed" fz="sm" mt={4}>
              <Trans>The emails the server sent (confirmations, password links, invitations). Not available in production.</Trans>
            </Text>
          </div>
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconRefresh size={18} stroke={1.7} />}
              loading={outbox.isFetching}
              onClick={() => void outbox.refetch()}
            >
              {t`Reload`}
            </Button>
            <ButtonLink to="/login" variant="subtle">
              {t`Back to sign-in`}
            </ButtonLink>
          </Group>
        </Group>

        {outbox.isPending ? (
          <Group justify="center" py="xl">
            <Loader role="status" aria-label={t`Loading`} />
          </Group>
        ) : outbox.isError ? (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
            {t`The outbox is not available here: the server runs in production mode, or this is the mock server.`}
          </Alert>
        ) : (
          <>
            {!outbox.data.usesOutbox ? (
              <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
                {t`Mail goes to the configured SMTP server (SMTP_URL), so the outbox stays empty. Look in the mailbox of the recipient instead.`}
              </Alert>
            ) : null}
            {mails.length === 0 && outbox.data.usesOutbox ? (
              <EmptyState icon={IconMailbox} title={<Trans>No emails yet</Trans>}>
                <Trans>Sign up, ask for a password link or invite a member: the emails appear here.</Trans>
              </EmptyState>
            ) : mails.length === 0 ? null : (
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
                <Paper withBorder radius="lg" p={0}>
                  <ScrollArea.Autosize mah="36rem" type="auto">
                    <Stack gap={0} role="list" aria-label={t`Emails`}>
                      {mails.map((mail) => {
                        const active = mail.id === selected?.id;
                        return (
                          <UnstyledButton
                            key={mail.id}
                            role="listitem"
                            onClick={() => setSelectedId(mail.id)}
                            aria-current={active ? 'true' : undefined}
                            px="md"
                            py="sm"
                            style={{
                              borderBottom: '1px solid var(--mantine-color-default-border)',
                              background: active ? 'var(--mantine-primary-color-light)' : undefined,
                            }}
                          >
                            <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                              <div style={{ minWidth: 0 }}>
                                <Text fz="sm" fw={600} truncate="end">
                                  {mail.subject}
                                </Text>
                                <Text fz="xs" c="dimmed" truncate="end">
                                  {mail.to}
                                </Text>
                              </div>
                              <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                                {time.format(new Date(mail.sentAtUtc))}
                              </Badge>
                            </Group>
                          </UnstyledButton>
                        );
                      })}
                    </Stack>
                  </ScrollArea.Autosize>
                </Paper>
                {selected ? <MailPreview key={selected.id} mail={selected} /> : null}
              </SimpleGrid>
            )}
          </>
        )}
      </Stack>
    </PublicLayout>
  );
}
