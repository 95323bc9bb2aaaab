/**
 * Photos on screen: a thumbnail (loaded when it scrolls into view; photo-grid.tsx puts them in a
 * grid), and the full-size viewer (photo-viewer.tsx) with the previous and next photo, the photo's
 * facts and a download.
 */
import { useLingui } from '@lingui/react/macro';
import { Box, Center, Loader } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { IconPhotoOff } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { Image } from '../../../generated/api/types.gen';
import { categoryLabels } from './activity-kinds';
import { useIdlePreload, useMountedOnce } from '../../lib/use-lazy-dialog';
import type { PhotoCategory } from './search';
import { useThumbnailUrl } from './use-blob-url';

export function useCategoryLabel() {
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

export interface PhotoViewerProps {
  images: Image[];
  /** The shown photo; `null` keeps the viewer closed. */
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
}

const loadViewer = () => import('./photo-viewer');
const LoadedViewer = lazy(() => import('./photo-viewer').then((module) => ({ default: module.PhotoViewer })));

/** The viewer; its code loads once the screen is idle, and it mounts when a photo is first opened. */
export function PhotoViewer(props: PhotoViewerProps) {
  const mounted = useMountedOnce(props.index !== null);
  useIdlePreload(loadViewer);
  return mounted ? (
    <Suspense fallback={null}>
      <LoadedViewer {...props} />
    </Suspense>
  ) : null;
}
