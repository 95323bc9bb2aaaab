/**
 * A proposed description of one labour position, made from its entries' descriptions, in the
 * invoice's language, to take over into the position (`onUse`) or to copy.
 */
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, CopyButton, Group, Loader, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconCheck, IconCopy, IconSparkles } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { aiInvoiceText } from '../../../generated/api/sdk.gen';
import { ApiError } from '../../lib/api-error';
import { AiConsentNotice, needsAiConsent } from './consent-notice';
import { useAiStatus } from './use-ai-status';

export function PositionTextButton({
  informationIds,
  timeTrackIds,
  language,
  onUse,
}: {
  informationIds: string[];
  timeTrackIds: string[];
  language: 'de' | 'en';
  onUse?: (text: string) => void;
}) {
  const { t } = useLingui();
  const status = useAiStatus();
  const [opened, setOpened] = useState(false);
  const propose = useMutation({
    mutationFn: async () => (await aiInvoiceText({ body: { informationIds, timeTrackIds, language } })).data!.data,
    meta: { silent: true },
  });
  if (!status?.generation || informationIds.length + timeTrackIds.length === 0) return null;
  const error = propose.error;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" width={340} withArrow>
      <Popover.Target>
        <Tooltip label={t`Propose a description`}>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={t`Propose a description`}
            onClick={() => {
              setOpened((o) => !o);
              if (!propose.data && !propose.isPending) propose.mutate();
            }}
          >
            <IconSparkles size={14} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        {propose.isPending ? (
          <Loader size="sm" role="status" aria-label={t`Loading`} />
        ) : needsAiConsent(error) ? (
          <AiConsentNotice />
        ) : error ? (
          <Text fz="sm" c="red">
            {error instanceof ApiError ? error.messages.map((m) => m.message).join(' ') : t`The proposal failed.`}
          </Text>
        ) : propose.data ? (
          <Stack gap="xs" data-testid="position-text">
            <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
              {propose.data.text}
            </Text>
            <Group gap="xs">
              {onUse ? (
                <Button
                  size="compact-sm"
                  leftSection={<IconArrowDown size={14} />}
                  onClick={() => {
                    onUse(propose.data.text);
                    setOpened(false);
                  }}
                >
                  {t`Use in the position`}
                </Button>
              ) : null}
              <CopyButton value={propose.data.text}>
                {({ copied, copy }) => (
                  <Button size="compact-sm" variant="light" leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />} onClick={copy}>
                    {copied ? t`Copied` : t`Copy text`}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        ) : null}
      </Popover.Dropdown>
    </Popover>
  );
}
