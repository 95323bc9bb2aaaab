/**
 * The microphone beside a text field: records a dictation in the browser (level and elapsed time
 * shown, stopped by the person or at the server's limit), sends it to the server's speech-to-text
 * and hands the text back for editing before anything is saved. Without the firm's AI consent it
 * says why and where to give it; without a speech service on the server it uses the browser's own
 * recognition where there is one, else it says dictation is not set up.
 */
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Group, Popover, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconMicrophone, IconPlayerStopFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { aiTranscribe } from '../../../generated/api/sdk.gen';
import { ApiError } from '../../lib/api-error';
import { showError } from '../../lib/notifications';
import { notifyError } from '../../lib/query-client';
import { AiConsentNotice, needsAiConsent } from './consent-notice';
import { RecordingError, useRecorder } from './recorder';
import { hasBrowserRecognition, listen } from './speech-recognition';
import { useAiStatus } from './use-ai-status';

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** `besideLabel`: the field beside it has a label above, so the button lines up with the field. */
export function DictationButton({ onText, label, besideLabel = true }: { onText: (text: string) => void; label?: string; besideLabel?: boolean }) {
  const { t, i18n } = useLingui();
  const status = useAiStatus();
  const recorder = useRecorder(status?.maxAudioSeconds ?? 120);
  const [sending, setSending] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);
  const [listening, setListening] = useState<{ stop: () => void } | null>(null);
  const language = i18n.locale === 'en' ? 'en' : 'de';
  const name = label ?? t`Dictate`;

  const failed = (error: unknown) => {
    if (needsAiConsent(error)) {
      setConsentMissing(true);
      return;
    }
    if (error instanceof RecordingError) {
      showError(i18n._(error.reason), { title: t`The audio recording failed.` });
      return;
    }
    if (error instanceof ApiError) {
      notifyError(error);
      return;
    }
    showError(t`The audio recording failed.`);
  };

  const send = async (recording: Blob) => {
    setSending(true);
    try {
      const answer = await aiTranscribe({ body: { file: recording, language } });
      const text = answer.data?.data.text.trim();
      if (text) onText(text);
      else showError(t`Nothing was understood. Please speak a little louder and closer to the microphone.`);
    } catch (error) {
      failed(error);
    } finally {
      setSending(false);
    }
  };

  const begin = async () => {
    if (!status) return;
    if (!status.consent) {
      setConsentMissing(true);
      return;
    }
    if (!status.transcription) {
      const listener = listen(language);
      setListening(listener);
      try {
        const text = await listener.result;
        if (text) onText(text);
      } catch {
        showError(t`The browser's speech recognition stopped.`, { title: t`The audio recording failed.` });
      } finally {
        setListening(null);
      }
      return;
    }
    try {
      const { recording } = await recorder.start();
      void recording.then((blob) => (blob ? send(blob) : undefined));
    } catch (error) {
      failed(error);
    }
  };

  // A browser that cannot record still gets the button: a press says so (AUDIO_RECORDING_ERROR).
  const available = !!status && (!status.consent || status.transcription || hasBrowserRecognition());
  const recording = recorder.state.phase === 'recording';

  if (listening) {
    return (
      <Tooltip label={t`Stop dictation`}>
        <ActionIcon size={36} color="red" variant="filled" aria-label={t`Stop dictation`} onClick={() => listening.stop()} mt={besideLabel ? 24 : 0}>
          <IconPlayerStopFilled size={18} />
        </ActionIcon>
      </Tooltip>
    );
  }

  return (
    <Popover
      opened={recording || consentMissing}
      onChange={(opened) => {
        if (!opened) setConsentMissing(false);
      }}
      onDismiss={() => setConsentMissing(false)}
      position="bottom-end"
      width={recording ? 300 : 320}
      withArrow
      trapFocus={consentMissing}
    >
      <Popover.Target>
        <Tooltip label={available ? name : t`Dictation is not set up on this server.`} disabled={recording}>
          <ActionIcon
            size={36}
            mt={besideLabel ? 24 : 0}
            variant={recording ? 'filled' : 'light'}
            color={recording ? 'red' : undefined}
            aria-label={recording ? t`Stop recording` : name}
            aria-pressed={recording}
            loading={sending}
            disabled={!available && !recording}
            data-testid="dictation-button"
            onClick={() => (recording ? recorder.stop() : void begin())}
          >
            {recording ? <IconPlayerStopFilled size={18} /> : <IconMicrophone size={20} />}
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        {consentMissing ? (
          <AiConsentNotice />
        ) : recorder.state.phase === 'recording' ? (
          <Stack gap={6} role="status" aria-live="polite" data-testid="dictation-recording">
            <Group justify="space-between">
              <Text fz="sm" fw={600}>
                {t`Recording`}
              </Text>
              <Text fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }} aria-label={t`Elapsed time`}>
                {clock(recorder.state.seconds)} / {clock(status?.maxAudioSeconds ?? 120)}
              </Text>
            </Group>
            <Progress value={Math.round(recorder.state.level * 100)} color="red" size="sm" aria-label={t`Input level`} transitionDuration={100} />
            <Button size="xs" color="red" leftSection={<IconPlayerStopFilled size={14} />} onClick={() => recorder.stop()}>
              {t`Stop and insert text`}
            </Button>
          </Stack>
        ) : null}
      </Popover.Dropdown>
    </Popover>
  );
}
