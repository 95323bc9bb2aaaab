/** The dialog of `timer-choice.tsx`: what to do with the running customer timers (`timer-choice-rules.ts`). */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, List, Modal, Radio, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TimeTrack } from '../../../generated/api/types.gen';
import { timersChanged } from '../../lib/data-events';
import { showSuccess } from '../../lib/notifications';
import { applyTimerChoice, choicesAt, remember, rememberedChoice, type Position, type TimerChoice, type TimerMoment } from './timer-choice-rules';

export default function TimerChoiceDialog({
  moment,
  timers,
  position,
  proceed,
  onClose,
}: {
  moment: TimerMoment;
  timers: TimeTrack[];
  position: Position;
  proceed: () => Promise<unknown> | void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<TimerChoice>(rememberedChoice(moment) ?? 'stop');
  const [keepAsDefault, setKeepAsDefault] = useState(false);
  const [busy, setBusy] = useState(false);
  // One timer or several: every sentence of the dialog agrees with the list it shows.
  const count = timers.length;
  const labels: Record<TimerChoice, string> = {
    stop: plural(count, { one: 'Stop it now', other: 'Stop them now' }),
    pause: plural(count, { one: 'Pause it and continue after the break', other: 'Pause them and continue after the break' }),
    keep: plural(count, { one: 'Keep it running', other: 'Keep them running' }),
  };
  const confirm = async () => {
    setBusy(true);
    try {
      if (keepAsDefault) remember(moment, choice);
      await applyTimerChoice(timers, choice, position);
      await proceed();
      await timersChanged(queryClient);
      if (choice === 'stop') showSuccess(plural(count, { one: '# customer timer stopped.', other: '# customer timers stopped.' }));
      if (choice === 'pause') showSuccess(plural(count, { one: '# customer timer paused until the break ends.', other: '# customer timers paused until the break ends.' }));
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={
        moment === 'break'
          ? plural(count, { one: 'Start break: your customer timer', other: 'Start break: your customer timers' })
          : plural(count, { one: 'Clock out: your customer timer', other: 'Clock out: your customer timers' })
      } data-testid="timer-choice">
      <Stack gap="md">
        <Stack gap={4}>
          <Text fz="sm">{plural(count, { one: 'This customer timer is running:', other: 'These customer timers are running:' })}</Text>
          <List size="sm">
            {timers.map((timer) => (
              <List.Item key={timer.id}>{timer.customerName}</List.Item>
            ))}
          </List>
        </Stack>
        <Radio.Group value={choice} onChange={(value) => setChoice(value as TimerChoice)} label={plural(count, { one: 'What should happen to it?', other: 'What should happen to them?' })}>
          <Stack gap={6} mt={6}>
            {choicesAt[moment].map((value) => (
              <Radio key={value} value={value} label={labels[value]} />
            ))}
          </Stack>
        </Radio.Group>
        <Checkbox checked={keepAsDefault} onChange={(e) => setKeepAsDefault(e.currentTarget.checked)} label={t`Preselect this choice next time`} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
          <Button loading={busy} onClick={() => void confirm()} data-autofocus>
            {moment === 'break' ? <Trans>Start break</Trans> : <Trans>Clock out</Trans>}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
