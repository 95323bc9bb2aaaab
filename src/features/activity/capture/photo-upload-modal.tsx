/**
 * Photos from the camera or from files, several at once: a category and a description for all of
 * them, then one upload after the other with its progress. Each photo gets its id and its
 * idempotency key before it is sent, so "Try again" after a broken connection stores it once. The
 * server checks the files; its message (a script named .jpg, too many megapixels) is shown at the
 * photo it concerns. Without a connection (or when it breaks during an upload) the photo waits in
 * the device's queue with its file and is sent by itself when the connection returns (decision 0042).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Progress, Select, SimpleGrid, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCamera, IconCheck, IconCloudUpload, IconPhotoPlus, IconX } from '@tabler/icons-react';
import { MutationObserver, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { useGpsPosition } from '../../../lib/position';
import { photosUploaded } from '../../../lib/data-events';
import { idempotencyHeaders, queuedOffline } from '../../../lib/offline-change';
import { queuedMutation } from '../../../lib/offline-queue';
import { onPhotoProgress, type PhotoUploadVariables } from '../../../lib/photo-upload';
import { categoryLabels } from '../activity-kinds';
import { photoCategories, type PhotoCategory } from '../search';
import { newId } from '../../../lib/ids';

/**
 * Sends one photo through the queue: `done` once stored, `queued` as soon as it waits for the
 * connection (paused offline, or tried again after the connection broke); a refusal throws.
 */
function sendPhoto(queryClient: QueryClient, variables: PhotoUploadVariables): Promise<'done' | 'queued'> {
  const observer = new MutationObserver(queryClient, { ...queuedMutation('photoUpload'), meta: { silent: true } });
  return new Promise((resolve, reject) => {
    const off = observer.subscribe((result) => {
      if (result.isPending && (result.isPaused || result.failureCount > 0)) {
        off();
        resolve('queued');
      }
    });
    observer.mutate(variables).then(
      () => {
        off();
        resolve('done');
      },
      (error: unknown) => {
        off();
        reject(error);
      },
    );
  });
}

interface Item {
  id: string;
  /** The upload's idempotency key, kept for "Try again". */
  key: string;
  file: File;
  progress: number;
  state: 'waiting' | 'uploading' | 'done' | 'queued' | 'failed';
  error?: string;
}

const MAX_BYTES = 20 * 1024 * 1024;

export function PhotoUploadModal({ customerId, opened, onClose }: { customerId: string; opened: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const queryClient = useQueryClient();
  const position = useGpsPosition();
  const camera = useRef<HTMLInputElement>(null);
  const files = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  const [category, setCategory] = useState<PhotoCategory>('other');
  const [description, setDescription] = useState('');
  const [running, setRunning] = useState(false);

  const patch = (id: string, change: Partial<Item>) => setItems((list) => list.map((i) => (i.id === id ? { ...i, ...change } : i)));

  const add = (list: FileList | null) => {
    if (!list) return;
    const next = Array.from(list).map(
      (file): Item =>
        file.size > MAX_BYTES
          ? { id: newId(), key: idempotencyHeaders()['Idempotency-Key'], file, progress: 0, state: 'failed', error: t`The photo is larger than 20 MB.` }
          : { id: newId(), key: idempotencyHeaders()['Idempotency-Key'], file, progress: 0, state: 'waiting' },
    );
    setItems((current) => [...current, ...next]);
  };

  const start = async () => {
    setRunning(true);
    const where = await position();
    let stored = 0;
    let queued = 0;
    for (const item of items.filter((i) => i.state === 'waiting' || i.state === 'failed')) {
      if (item.file.size > MAX_BYTES) continue;
      patch(item.id, { state: 'uploading', progress: 0, error: undefined });
      const off = onPhotoProgress(item.id, (fraction) => patch(item.id, { progress: Math.round(fraction * 100) }));
      try {
        const outcome = await sendPhoto(queryClient, {
          body: {
            file: item.file,
            fileName: item.file.name || 'photo.jpg',
            customerId,
            id: item.id,
            category,
            description: description.trim() || undefined,
            createdAtUtc: item.file.lastModified ? new Date(item.file.lastModified).toISOString() : undefined,
            ...(where ?? {}),
          },
          headers: { 'Idempotency-Key': item.key },
        });
        if (outcome === 'done') {
          patch(item.id, { state: 'done', progress: 100 });
          stored++;
        } else {
          patch(item.id, { state: 'queued', progress: 0 });
          queued++;
        }
      } catch (error) {
        const message = error instanceof ApiError ? error.messages.map((m) => m.message).filter(Boolean).join(' ') : '';
        patch(item.id, { state: 'failed', error: message || t`The upload failed. Please try again.` });
      } finally {
        off();
      }
    }
    setRunning(false);
    if (queued > 0) queuedOffline();
    if (stored > 0) await photosUploaded(queryClient);
  };

  const close = () => {
    if (running) return;
    setItems([]);
    setDescription('');
    onClose();
  };
  const pending = items.filter((i) => i.state === 'waiting' || (i.state === 'failed' && i.file.size <= MAX_BYTES)).length;
  const allDone = items.length > 0 && items.every((i) => i.state === 'done' || i.state === 'queued');
  const size = (bytes: number) => `${i18n.number(Math.round(bytes / 102.4) / 10)} KB`;

  return (
    <Modal opened={opened} onClose={close} title={t`Add photos`} fullScreen={!!phone} size="lg" closeOnClickOutside={!running}>
      <Stack>
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          data-testid="photo-camera-input"
          onChange={(event) => {
            add(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
        <input
          ref={files}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif"
          multiple
          hidden
          data-testid="photo-file-input"
          onChange={(event) => {
            add(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button variant="light" leftSection={<IconCamera size={18} />} onClick={() => camera.current?.click()} disabled={running}>
            <Trans>Take a photo</Trans>
          </Button>
          <Button variant="light" leftSection={<IconPhotoPlus size={18} />} onClick={() => files.current?.click()} disabled={running}>
            <Trans>Choose files</Trans>
          </Button>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t`Category`}
            allowDeselect={false}
            data={photoCategories.map((c) => ({ value: c, label: i18n._(categoryLabels[c]) }))}
            value={category}
            onChange={(value) => value && setCategory(value as PhotoCategory)}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput label={t`Description`} maxLength={1000} value={description} onChange={(event) => setDescription(event.currentTarget.value)} />
        </SimpleGrid>

        {items.length === 0 ? (
          <Text c="dimmed" fz="sm" ta="center" py="md">
            <Trans>JPEG, PNG, WebP or HEIC, up to 20 MB each.</Trans>
          </Text>
        ) : (
          <Stack gap="xs" role="group" aria-label={t`Photos to upload`}>
            {items.map((item) => (
              <Stack key={item.id} gap={4}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fz="sm" truncate style={{ minWidth: 0 }}>
                    {item.file.name || t`Photo`} <Text span c="dimmed" fz="xs">({size(item.file.size)})</Text>
                  </Text>
                  {item.state === 'done' ? (
                    <ThemeIcon size="sm" color="green" variant="light" aria-label={t`Uploaded`}>
                      <IconCheck size={14} />
                    </ThemeIcon>
                  ) : item.state === 'queued' ? (
                    <Group gap={4} wrap="nowrap">
                      <IconCloudUpload size={14} aria-hidden="true" />
                      <Text fz="xs" c="dimmed">
                        <Trans>Waiting for a connection</Trans>
                      </Text>
                    </Group>
                  ) : item.state === 'failed' ? (
                    <ThemeIcon size="sm" color="red" variant="light" aria-label={t`Failed`}>
                      <IconX size={14} />
                    </ThemeIcon>
                  ) : (
                    <Text fz="xs" c="dimmed">
                      {item.state === 'uploading' ? `${item.progress} %` : t`Waiting`}
                    </Text>
                  )}
                </Group>
                <Progress
                  value={item.state === 'failed' ? 100 : item.progress}
                  color={item.state === 'failed' ? 'red' : item.state === 'done' ? 'green' : undefined}
                  size="sm"
                  aria-label={t`Upload of ${item.file.name}`}
                />
                {item.error ? (
                  <Text c="red" fz="xs" role="alert">
                    {item.error}
                  </Text>
                ) : null}
              </Stack>
            ))}
          </Stack>
        )}

        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={close} disabled={running}>
            {allDone ? <Trans>Close</Trans> : <Trans>Cancel</Trans>}
          </Button>
          {!allDone ? (
            <Button onClick={() => void start()} loading={running} disabled={pending === 0}>
              {items.some((i) => i.state === 'failed') ? <Trans>Try again</Trans> : <Trans>Upload</Trans>}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
