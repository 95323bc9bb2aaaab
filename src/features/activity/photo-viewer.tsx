/**
 * The full-size photo viewer (photos.tsx): the previous and next photo (buttons, arrow keys, swipe
 * on phones), the photo's facts and a download. Loaded when the screen is idle, not with it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Box, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconDownload, IconMapPin, IconPhotoOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { formatDateTime } from '../../lib/format';
import { useCategoryLabel, type PhotoViewerProps } from './photos';
import { usePhotoUrl } from './use-blob-url';

/** The previous or next photo, over the photo's edge. */
function StepButton({ side, label, disabled, onClick }: { side: 'left' | 'right'; label: string; disabled: boolean; onClick: () => void }) {
  const Icon = side === 'left' ? IconChevronLeft : IconChevronRight;
  return (
    <ActionIcon variant="filled" color="dark" radius="xl" size="lg" pos="absolute" {...{ [side]: 8 }} aria-label={label} disabled={disabled} onClick={onClick}>
      <Icon size={20} />
    </ActionIcon>
  );
}

export function PhotoViewer({ images, index, onIndex, onClose }: PhotoViewerProps) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const category = useCategoryLabel();
  const image = index === null ? undefined : images[index];
  const { url, isPending, isError } = usePhotoUrl(image?.id);
  const touchStart = useRef<number | null>(null);
  const hasPrevious = index !== null && index > 0;
  const hasNext = index !== null && index < images.length - 1;

  useEffect(() => {
    if (index === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft' && hasPrevious) onIndex(index - 1);
      if (event.key === 'ArrowRight' && hasNext) onIndex(index + 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, hasPrevious, hasNext, onIndex]);

  return (
    <Modal
      opened={!!image}
      onClose={onClose}
      fullScreen={!!phone}
      size="90rem"
      title={image ? `${category(image.category)} · ${image.customerName}` : ''}
      styles={{ body: { paddingBottom: 'var(--mantine-spacing-md)' } }}
    >
      {image ? (
        <Stack gap="sm">
          <Box
            pos="relative"
            style={{ minHeight: '50vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#111', borderRadius: 8 }}
            onTouchStart={(event) => (touchStart.current = event.touches[0].clientX)}
            onTouchEnd={(event) => {
              if (touchStart.current === null || index === null) return;
              const dx = event.changedTouches[0].clientX - touchStart.current;
              if (dx > 50 && hasPrevious) onIndex(index - 1);
              if (dx < -50 && hasNext) onIndex(index + 1);
              touchStart.current = null;
            }}
          >
            {url ? (
              <img src={url} alt={image.description ?? category(image.category)} style={{ maxWidth: '100%', maxHeight: '75vh', objectFit: 'contain', display: 'block' }} />
            ) : isError ? (
              <IconPhotoOff size={32} color="#999" />
            ) : isPending ? (
              <Loader color="gray" />
            ) : null}
            <StepButton side="left" label={t`Previous photo`} disabled={!hasPrevious} onClick={() => index !== null && onIndex(index - 1)} />
            <StepButton side="right" label={t`Next photo`} disabled={!hasNext} onClick={() => index !== null && onIndex(index + 1)} />
          </Box>
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              {image.description ? <Text fw={500}>{image.description}</Text> : null}
              <Text fz="sm" c="dimmed">
                {[formatDateTime(image.createdAtUtc), image.ownerName, image.width ? `${image.width} × ${image.height}` : null].filter(Boolean).join(' · ')}
              </Text>
              {image.latitude !== null && image.longitude !== null ? (
                <Group gap={4} fz="sm" c="dimmed">
                  <IconMapPin size={14} />
                  <Text fz="sm" c="dimmed">
                    {image.latitude.toFixed(5)}, {image.longitude.toFixed(5)}
                  </Text>
                </Group>
              ) : null}
            </Stack>
            <Group gap="xs">
              <Text fz="sm" c="dimmed">
                {(index ?? 0) + 1} / {images.length}
              </Text>
              {url ? (
                <Button component="a" href={url} download={image.fileName || `${image.id}.jpg`} variant="default" size="xs" leftSection={<IconDownload size={14} />}>
                  <Trans>Download</Trans>
                </Button>
              ) : null}
            </Group>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
