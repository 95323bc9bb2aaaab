/**
 * The positions of the invoice dialog: a table on wider screens, one card per position on a phone
 * (every figure visible at 390 px without scrolling sideways). Each position's text can be edited
 * before export, or a proposed AI text taken over; the edits are kept by the position's `key` and
 * sent with every preview and export (`positionTexts`), so the server writes them into every file.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Table, Text, Textarea, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import type { InvoicePosition } from '../../../generated/api/types.gen';
import { PositionTextButton } from '../../components/ai/position-text';
import { formatMoney, formatNumber } from '../../lib/format';

/** What the contract takes as one position text. */
const POSITION_TEXT_MAX = 1000;

interface Props {
  positions: InvoicePosition[];
  /** The texts the person wrote, by position key. */
  texts: Record<string, string>;
  onText: (key: string, text: string | null) => void;
  language: 'de' | 'en';
  locked: boolean;
  phone: boolean;
}

function PositionText({ position, texts, onText, language, locked }: Omit<Props, 'positions' | 'phone'> & { position: InvoicePosition }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<string | null>(null);
  const own = texts[position.key];
  // The person's text at once (the preview follows a moment later), else the server's.
  const shown = own ?? position.description;
  const commit = () => {
    if (draft === null) return;
    const text = draft.trim();
    onText(position.key, text && text !== position.description ? text : null);
    setDraft(null);
  };
  if (draft !== null) {
    return (
      <Stack gap={6}>
        <Textarea
          aria-label={t`Text of the position`}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              setDraft(null);
            } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) commit();
          }}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={POSITION_TEXT_MAX}
          error={draft.trim() ? undefined : t`Please enter a text.`}
          data-autofocus
          autoFocus
        />
        <Group gap="xs">
          <Button size="compact-sm" onClick={commit} disabled={!draft.trim()}>
            <Trans>Apply</Trans>
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => setDraft(null)}>
            <Trans>Cancel</Trans>
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Text fz="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', flex: 1 }} data-testid="position-description">
        {shown}
      </Text>
      {locked ? null : (
        <>
          <Tooltip label={t`Edit text`}>
            <ActionIcon variant="subtle" size="sm" aria-label={t`Edit text: ${shown}`} onClick={() => setDraft(shown)}>
              <IconPencil size={14} />
            </ActionIcon>
          </Tooltip>
          {own !== undefined ? (
            <Tooltip label={t`Restore the original text`}>
              <ActionIcon variant="subtle" size="sm" aria-label={t`Restore the original text`} onClick={() => onText(position.key, null)}>
                <IconArrowBackUp size={14} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {position.kind === 'labour' ? (
            <PositionTextButton
              informationIds={position.informationIds}
              timeTrackIds={position.timeTrackIds}
              language={language}
              onUse={(text) => onText(position.key, text.slice(0, POSITION_TEXT_MAX))}
            />
          ) : null}
        </>
      )}
    </Group>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </div>
  );
}

export function InvoicePositions(props: Props) {
  const { t } = useLingui();
  const { positions, phone } = props;
  if (phone) {
    return (
      <Stack gap="xs" data-testid="invoice-positions" role="list" aria-label={t`Positions`}>
        {positions.map((p, i) => (
          <Card key={p.key} withBorder padding="sm" radius="md" role="listitem">
            <Stack gap={6}>
              <Group gap={6} wrap="nowrap" align="flex-start">
                <Text fz="sm" c="dimmed" miw={18}>
                  {i + 1}.
                </Text>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <PositionText {...props} position={p} />
                </div>
              </Group>
              <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
                <Figure label={t`Quantity`} value={`${formatNumber(p.quantity)} ${p.unit}`} />
                <Figure label={t`Unit price`} value={formatMoney(p.unitPrice)} />
                <Figure label={t`VAT`} value={`${p.vatRate} %`} />
                <Figure label={t`Net`} value={formatMoney(p.net)} />
              </SimpleGrid>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table striped data-testid="invoice-positions">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <Trans>Position</Trans>
          </Table.Th>
          <Table.Th ta="right">
            <Trans>Quantity</Trans>
          </Table.Th>
          <Table.Th ta="right">
            <Trans>Unit price</Trans>
          </Table.Th>
          <Table.Th ta="right">
            <Trans>VAT</Trans>
          </Table.Th>
          <Table.Th ta="right">
            <Trans>Net</Trans>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {positions.map((p) => (
          <Table.Tr key={p.key}>
            <Table.Td miw={220}>
              <PositionText {...props} position={p} />
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatNumber(p.quantity)} {p.unit}
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(p.unitPrice)}
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {p.vatRate} %
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(p.net)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
