/**
 * Photo uploads with progress. `fetch` cannot report how much of a request body has been sent, so
 * uploads go through XMLHttpRequest with the same headers the generated client sends (bearer token
 * refreshed when expired, device id, language) and the same error type (`ApiError`).
 *
 * An upload is a queued change (`photoUpload` in `offline-queue.ts`, decision 0042): its variables
 * (the photo's File with its fields and its `Idempotency-Key`) are kept on the device while the
 * connection is away and sent in order when it returns; whoever shows the upload's progress listens
 * with `onPhotoProgress`.
 */
import type { Image } from '../../generated/api/types.gen';
import { apiErrorFromResponse, toApiError } from './api-error';
import { DEVICE_ID_HEADER, ensureFreshToken } from './api-interceptors';
import { getStoredLocale } from './locale';
import { getDeviceId } from './session';

const UPLOAD_PATH = '/api/Images/UploadWorkDocImage';

interface PhotoUpload {
  file: Blob;
  fileName: string;
  customerId: string;
  /** Chosen by the app so a retry is stored once. */
  id: string;
  category: string;
  description?: string;
  createdAtUtc?: string;
  latitude?: number;
  longitude?: number;
}

/** What the queue keeps of an upload: the photo and its fields, and the key it is sent with. */
export interface PhotoUploadVariables {
  body: PhotoUpload;
  headers: { 'Idempotency-Key': string };
}

const progressListeners = new Map<string, (fraction: number) => void>();

/** Listens to the progress (0 to 1) of the upload of the photo with this id, wherever it is sent from. */
export function onPhotoProgress(photoId: string, listener: (fraction: number) => void): () => void {
  progressListeners.set(photoId, listener);
  return () => {
    if (progressListeners.get(photoId) === listener) progressListeners.delete(photoId);
  };
}

export async function uploadPhoto({ body: upload, headers }: PhotoUploadVariables): Promise<Image> {
  const onProgress = (fraction: number) => progressListeners.get(upload.id)?.(fraction);
  const form = new FormData();
  form.append('customerId', upload.customerId);
  form.append('id', upload.id);
  form.append('category', upload.category);
  if (upload.description) form.append('description', upload.description);
  if (upload.createdAtUtc) form.append('createdAtUtc', upload.createdAtUtc);
  if (upload.latitude !== undefined && upload.longitude !== undefined) {
    form.append('latitude', String(upload.latitude));
    form.append('longitude', String(upload.longitude));
  }
  form.append('file', upload.file, upload.fileName);
  const token = await ensureFreshToken();

  return new Promise<Image>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_PATH);
    xhr.withCredentials = true;
    xhr.setRequestHeader(DEVICE_ID_HEADER, getDeviceId());
    xhr.setRequestHeader('Accept-Language', getStoredLocale());
    xhr.setRequestHeader('Idempotency-Key', headers['Idempotency-Key']);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(toApiError(new Error('network error')));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    xhr.onload = () => {
      const type = xhr.getResponseHeader('Content-Type') ?? '';
      let body: unknown = xhr.responseText;
      try {
        if (type.includes('json') && xhr.responseText) body = JSON.parse(xhr.responseText);
      } catch {
        // keep the text
      }
      if (xhr.status >= 200 && xhr.status < 300 && typeof body === 'object' && body !== null) {
        onProgress(1);
        resolve((body as { data: Image }).data);
        return;
      }
      const response = new Response(null, { status: xhr.status, headers: { 'Content-Type': type } });
      reject(apiErrorFromResponse(body, response));
    };
    xhr.send(form);
  });
}
