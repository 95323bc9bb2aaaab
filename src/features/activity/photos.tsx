/**
 * Photos on screen: thumbnails (loaded when they scroll into view) in a grid, and a full-size
 * viewer with the previous and next photo (buttons, arrow keys, swipe on phones), the photo's
 * facts and a download.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  AspectRatio,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useInViewport, useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconDownload, IconLock, IconMapPin, IconPhotoOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { Image } from '../../../generated/api/types.gen';
import { categoryLabels } from './activity-kinds';
import { formatDateTime } from '../../lib/format';
import type { PhotoCategory } from './search';
import { usePhotoUrl, useThumbnailUrl } from './use-blob-url';

function useCategoryLabel() {
  const { i18n } = useLingui();
  return (category: string) => (category in categoryLabels ? i18n._(categoryLabels[category as PhotoCategory]) : category);
}

export function Thumbnail({ id, alt, radius = 6 }: { id: string; alt: string; radius?: number }) {
  const { ref, inViewport } = useInViewport();
  // Loaded once it has been in view; it stays loaded when it scrolls away.
  const [seen, setSeen] = useState(false);
  if (inViewport && !seen) setSeen(true);
  const { url, isError } = useThumbnailUrl(id, seen || inViewport);
  return (
    <Box ref={ref} style={{ width: '100%', height: '100%', borderRadius: radius, overflow: 'hidden', background: 'var(--mantine-color-default-hover)' }}>
      {url ? (
        <img src={url} alt={alt} style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
      ) : (
        <Center h="100%">{isError ? <IconPhotoOff size={20} color="var(--mantine-color-dimmed)" /> : <Loader size="xs" />}</Center>
      )}
    </Box>
  );
}

export function PhotoGrid({ images, onOpen, showCustomer }: { images: Image[]; onOpen: (index: number) => void; showCustomer?: boolean }) {
  const { t } = useLingui();
  const category = useCategoryLabel();
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, lg: 6 }} spacing="sm" role="list" aria-label={t`Photos`}>
      {images.map((image, index) => {
        const label = [category(image.category), image.description].filter(Boolean).join(': ');
        return (
          <Card key={image.id} withBorder padding={0} radius="md" role="listitem">
            <UnstyledButton onClick={() => onOpen(index)} aria-label={t`Open photo ${label}`}>
              <AspectRatio ratio={1}>
                <Thumbnail id={image.id} alt={label} radius={0} />
              </AspectRatio>
            </UnstyledButton>
            <Stack gap={2} p={6}>
              <Group gap={4} wrap="nowrap" justify="space-between">
                <Badge size="xs" variant="light" style={{ minWidth: 0 }}>
                  {category(image.category)}
                </Badge>
                <Group gap={2} wrap="nowrap">
                  {image.processed ? (
                    <Badge size="xs" variant="outline" color="gray">
                      {image.archived ? <Trans>Archived</Trans> : <Trans>Processed</Trans>}
                    </Badge>
                  ) : null}
                  {image.locked ? (
                    <Tooltip label={t`Confirmed by the customer`}>
                      <IconLock size={14} aria-label={t`Confirmed`} />
                    </Tooltip>
                  ) : null}
                </Group>
              </Group>
              {showCustomer ? (
                <Text fz="xs" fw={500} truncate>
                  {image.customerName}
                </Text>
              ) : null}
              <Text fz="xs" c="dimmed" truncate>
                {formatDateTime(image.createdAtUtc)}
              </Text>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

export function PhotoViewer({ images, index, onIndex, onClose }: { images: Image[]; index: number | null; onIndex: (index: number) => void; onClose: () => void }) {
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
            <ActionIcon
              variant="filled"
              color="dark"
              radius="xl"
              size="lg"
              pos="absolute"
              left={8}
              aria-label={t`Previous photo`}
              disabled={!hasPrevious}
              onClick={() => index !== null && onIndex(index - 1)}
            >
              <IconChevronLeft size={20} />
            </ActionIcon>
            <ActionIcon
              variant="filled"
              color="dark"
              radius="xl"
              size="lg"
              pos="absolute"
              right={8}
              aria-label={t`Next photo`}
              disabled={!hasNext}
              onClick={() => index !== null && onIndex(index + 1)}
            >
              <IconChevronRight size={20} />
            </ActionIcon>
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
