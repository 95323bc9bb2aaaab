/**
 * Stored files as HTTP answers: the whole file (200) or one byte range (206, `Range: bytes=a-b`,
 * `bytes=a-`, `bytes=-n`), 416 for a range outside the file. Several ranges in one request are
 * answered with the whole file, as RFC 9110 allows.
 */
import type { FastifyReply } from 'fastify';
import { notFound } from './errors';
import { contentDisposition } from './file-names';
import type { FileStorage } from './storage';

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | undefined;

/** The single range of a `Range` header for a file of `size` bytes; undefined = the whole file. */
export function parseRange(header: string | undefined, size: number): ByteRange {
  if (!header) return undefined;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!match) return undefined;
  const [, first, last] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export interface StoredFileAnswer {
  key: string;
  contentType: string;
  fileName: string;
  etag: string;
  /** Answer byte ranges (photos); PDFs and thumbnails come whole. */
  ranges?: boolean;
  rangeHeader?: string;
}

export async function sendStoredFile(reply: FastifyReply, storage: FileStorage, file: StoredFileAnswer) {
  const info = await storage.stat(file.key);
  if (!info) {
    reply.request.log.error({ key: file.key }, 'stored file missing');
    throw notFound();
  }
  reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', contentDisposition(file.fileName))
    .header('ETag', file.etag)
    .header('Cache-Control', 'private, max-age=86400');
  if (file.ranges) reply.header('Accept-Ranges', 'bytes');
  const range = file.ranges ? parseRange(file.rangeHeader, info.size) : undefined;
  if (range === 'unsatisfiable') {
    reply.removeHeader('Content-Type');
    reply.removeHeader('Content-Disposition');
    return reply.status(416).header('Content-Range', `bytes */${info.size}`).send();
  }
  if (range) {
    return reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`)
      .header('Content-Length', String(range.end - range.start + 1))
      .send(await storage.stream(file.key, range));
  }
  return reply.status(200).header('Content-Length', String(info.size)).send(await storage.stream(file.key));
}
