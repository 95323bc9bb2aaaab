/**
 * The export files come base64 in the preview's `document`: turned into a Blob here, shown in the
 * dialog from an object URL, or saved by the browser under the server's file name.
 */
import { useEffect, useMemo } from 'react';

export function blobOf(document: { contentBase64: string; contentType: string }): Blob {
  const binary = atob(document.contentBase64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: document.contentType });
}


/** An object URL of the blob for as long as the component shows it. */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => {
    if (!url) return;
    return () => URL.revokeObjectURL(url);
  }, [url]);
  return url;
}
