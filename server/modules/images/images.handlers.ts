/** Handlers of the Images calls: read the request, call the service, shape the answer or send the file. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../../platform/handler';
import type { OperationPath as Path, OperationQuery as Query } from '../../platform/contract';
import { contextOf } from '../../platform/context';
import { AppError, ok } from '../../platform/errors';
import { sendStoredFile } from '../../platform/file-response';
import { readMultipart } from '../../platform/multipart';
import { MAX_IMAGE_BYTES } from './image-processing';
import { readUploadForm } from './images.service';

const service = (request: FastifyRequest) => request.server.services.images;

/** Whether an `Accept` header allows WebP (no header allows everything). */
export function acceptsWebp(accept: string | undefined): boolean {
  if (!accept) return true;
  return accept.split(',').some((part) => {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) <= 0) return false;
    return type === 'image/webp' || type === 'image/*' || type === '*/*';
  });
}

export const imagesHandlers = {
  imagesGetAll: async (request: Query<'imagesGetAll'>) => ok(await service(request).list(contextOf(request), request.query)),

  imagesUploadWorkDocImage: async (request: FastifyRequest) => {
    const ctx = contextOf(request);
    const form = await readMultipart(request, {
      fileField: 'file',
      maxFileBytes: MAX_IMAGE_BYTES,
      tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', 'images.tooLarge'),
    });
    const input = readUploadForm(ctx, form);
    return ok(await service(request).upload(ctx, input));
  },

  imagesGet: async (request: Path<'imagesGet'>, reply: FastifyReply) => {
    const image = await service(request).get(contextOf(request), request.params.id);
    const range = request.headers.range;
    return sendStoredFile(reply, request.server.deps.storage, {
      key: image.storageKey,
      contentType: image.contentType,
      fileName: image.fileName,
      etag: `"${image.id}-${image.sizeBytes}"`,
      ranges: true,
      rangeHeader: typeof range === 'string' ? range : undefined,
    });
  },

  imagesGetThumbnail: async (request: Path<'imagesGetThumbnail'>, reply: FastifyReply) => {
    const thumbnail = await service(request).getThumbnail(contextOf(request), request.params.id, acceptsWebp(request.headers.accept));
    const { image } = thumbnail;
    const base = image.fileName.replace(/\.[^.]+$/, '');
    reply.header('Vary', 'Accept');
    if (thumbnail.format === 'webp') {
      return sendStoredFile(reply, request.server.deps.storage, {
        key: image.thumbnailKey,
        contentType: 'image/webp',
        fileName: `${base}-thumb.webp`,
        etag: `"${image.id}-thumb-webp"`,
      });
    }
    return reply
      .header('Content-Type', 'image/jpeg')
      .header('Content-Disposition', `inline; filename="${base}-thumb.jpg"`)
      .header('ETag', `"${image.id}-thumb-jpeg"`)
      .header('Content-Length', String(thumbnail.jpeg.length))
      .header('Cache-Control', 'private, max-age=86400')
      .send(thumbnail.jpeg);
  },
} satisfies OperationHandlers;
