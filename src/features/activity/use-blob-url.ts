/**
 * Photos and PDFs need the bearer token, which an `<img src>` cannot send: they are fetched through
 * the generated client (as Blob, cached by TanStack Query under the generated keys) and shown from
 * an object URL that is released when the component lets go of it.
 */
import { useQuery } from '@tanstack/react-query';
import { imagesGetOptions, imagesGetThumbnailOptions } from '../../../generated/api/@tanstack/react-query.gen';
import { useObjectUrl } from '../../lib/use-object-url';

/** The thumbnail (WebP, 320 px) of a photo as an object URL. */
export function useThumbnailUrl(id: string, enabled = true) {
  const query = useQuery({ ...imagesGetThumbnailOptions({ path: { id } }), enabled, staleTime: Infinity, meta: { silent: true } });
  return { url: useObjectUrl(query.data as Blob | undefined), isError: query.isError, isPending: query.isPending };
}

/** The full photo as an object URL. */
export function usePhotoUrl(id: string | undefined) {
  const query = useQuery({ ...imagesGetOptions({ path: { id: id ?? '' } }), enabled: !!id, staleTime: Infinity, meta: { silent: true } });
  return { url: useObjectUrl(query.data as Blob | undefined), isError: query.isError, isPending: query.isPending && !!id };
}
