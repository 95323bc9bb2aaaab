/**
 * Photos in a grid of cards (the gallery, a customer's photos tab): the thumbnail, its category,
 * customer and date, a lock on signed ones; a click opens the viewer.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { AspectRatio, Badge, Card, Group, SimpleGrid, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { Image } from '../../../generated/api/types.gen';
import { formatDateTime } from '../../lib/format';
import { Thumbnail, useCategoryLabel } from './photos';

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
