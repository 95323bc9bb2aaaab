/** Blobs shown in `<img>` or a frame (photos, PDFs, the firm's logo) as object URLs. */
import { useEffect, useMemo } from 'react';

const pendingRevokes = new Map<string, number>();

/**
 * An object URL of the blob, released a moment after nobody shows it any more (the delay lets
 * React's development double mount keep the URL it rendered).
 */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => {
    if (!url) return;
    window.clearTimeout(pendingRevokes.get(url));
    pendingRevokes.delete(url);
    return () => {
      pendingRevokes.set(
        url,
        window.setTimeout(() => {
          URL.revokeObjectURL(url);
          pendingRevokes.delete(url);
        }, 1000),
      );
    };
  }, [url]);
  return url;
}

