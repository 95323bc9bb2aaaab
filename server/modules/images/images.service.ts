/**
 * Photos of a customer's work: upload (checked, re-encoded and stripped by image-processing.ts,
 * stored in the file storage, recorded in the tenant's database), list, and the files themselves.
 *
 * - Every member may upload for any active customer and sees every photo.
 * - GPS (sent by the app or found in the photo's EXIF) is kept only in the database and only while
 *   the tenant's `gps` consent is granted; the stored files never carry metadata.
 * - An upload with an `id` that exists for the same customer answers the stored photo and stores
 *   nothing new (a retry from a phone with a bad connection); another record's id answers 409.
 */
import fs from 'node:fs';
import type { components } from '../../../generated/server/openapi';

import { isUniqueViolation } from '../../db/helpers';
import type { RequestContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { localStamp, slug } from '../../platform/file-names';
import type { MultipartForm } from '../../platform/multipart';
import { FormFields } from '../../platform/multipart';
import { tenantKey } from '../../platform/storage';
import { recordAudit } from '../../db/audit';
import { findCustomer, customerForNewEntry } from '../customers';
import { consentGranted } from '../../db/consents';
import { processImage, thumbnailAsJpeg, type ProcessedImage } from './image-processing';
import { findImage, insertImage, listImages, type ImageListQuery, type ImageListRow } from './images.repository';
import { tenantTimeZone } from '../../db/tenant-settings';
import { customerName as customerNameOf } from '../../platform/display-names';
import type { Deps } from '../../platform/handler';
import { inTenant } from '../../platform/tenant-transaction';
import { ACTED_AT_SKEW_MS } from '../../platform/acted-at';

export type Image = components['schemas']['Image'];

export function toImage(row: ImageListRow): Image {
  return {
    id: row.id,
    customerId: row.customerId,
    customerName: row.customerName,
    category: row.category ?? 'other',
    description: row.description,
    latitude: row.latitude,
    longitude: row.longitude,
    createdAtUtc: row.takenAt.toISOString(),
    width: row.width,
    height: row.height,
    fileName: row.fileName,
    contentType: row.contentType as Image['contentType'],
    sizeBytes: row.sizeBytes,
    processed: row.processedAt !== null || row.archivedAt !== null,
    archived: row.archivedAt !== null,
    locked: row.confirmationId !== null,
    ownerId: row.ownerId,
    ownerName: row.ownerName,
  };
}

interface UploadFields {
  customerId: string;
  id?: string;
  category: string;
  description?: string;
  latitude?: number;
  longitude?: number;
  takenAt: Date;
  /** The upload's temporary file (`readMultipart`). */
  file: string;
}

/** The form's fields under the contract's `ImageUpload` rules, or 400 with every field error. */
export function readUploadForm(ctx: RequestContext, form: MultipartForm): UploadFields {
  const fields = new FormFields(form, ctx.lang, 'file');
  const customerId = fields.uuid('customerId', { required: true });
  const id = fields.uuid('id');
  const category = fields.string('category', { maxLength: 50 });
  const description = fields.string('description', { maxLength: 1000 });
  const latitude = fields.number('latitude', { minimum: -90, maximum: 90 });
  const longitude = fields.number('longitude', { minimum: -180, maximum: 180 });
  const takenAt = fields.dateTime('createdAtUtc');
  // A photo may be older than the member's account (the camera roll), never ahead of the clock (decision 0043).
  if (takenAt && takenAt.getTime() > ctx.now.getTime() + ACTED_AT_SKEW_MS) fields.fieldError('createdAtUtc', 'clientTime.future');
  if ((latitude === undefined) !== (longitude === undefined) && !fields.errors.latitude && !fields.errors.longitude) {
    fields.fieldError(latitude === undefined ? 'latitude' : 'longitude', 'validation.required');
  }
  if (!form.file) fields.fieldError('file', 'images.fileRequired');
  fields.assertValid();
  return {
    customerId: customerId!,
    id,
    category: category ?? 'other',
    description,
    latitude,
    longitude,
    takenAt: takenAt ?? ctx.now,
    file: form.file!.path,
  };
}

type Thumbnail = { image: ImageListRow; format: 'webp' } | { image: ImageListRow; format: 'jpeg'; jpeg: Buffer };

/** The module's calls, built once per server with its dependencies (server/modules/services.ts). */
export class ImagesService {
  constructor(private readonly deps: Deps) {}

  async list(ctx: RequestContext, query: ImageListQuery) {
    const { database } = this.deps;
    const { totalCount, capped, rows } = await inTenant(database, ctx, (tx) => listImages(tx, query));
    return { totalCount, ...(capped ? { totalCountCapped: true } : {}), page: query.page, pageSize: query.pageSize, items: rows.map(toImage) };
  }

  async upload(ctx: RequestContext, input: UploadFields): Promise<Image> {
    const deps = this.deps;
    const { database, storage } = deps;
    const existing = await inTenant(database, ctx, async (tx) => {
      if (input.id) {
        const stored = await findImage(tx, ctx.tenantId, input.id);
        if (stored && stored.customerId === input.customerId) return stored;
        if (stored) throw new AppError('CONFLICT', 'images.idTaken');
      }
      await customerForNewEntry(tx, ctx.tenantId, input.customerId);
      return undefined;
    });
    if (existing) return toImage(existing);

    const id = input.id ?? crypto.randomUUID();
    // A suffix of its own: a retry racing this upload never overwrites or deletes the other's files.
    const suffix = crypto.randomUUID().slice(0, 8);
    const storageKey = tenantKey(ctx.tenantId, 'images', `${id}-${suffix}.jpg`);
    const thumbnailKey = tenantKey(ctx.tenantId, 'images', `${id}-${suffix}-thumb.webp`);
    // The JPEG is written to a temporary file and streamed from there into the storage (decision 0052).
    const output = `${input.file}.jpg`;
    let processed: ProcessedImage;
    try {
      processed = await processImage(input.file, output);
      await storage.put(storageKey, fs.createReadStream(processed.jpegPath), processed.jpegBytes);
    } finally {
      await fs.promises.rm(output, { force: true });
    }
    await storage.put(thumbnailKey, processed.thumbnail);
    try {
      return await inTenant(database, ctx, async (tx) => {
        const customer = await findCustomer(tx, ctx.tenantId, input.customerId);
        if (!customer) throw notFound();
        const sent = input.latitude !== undefined && input.longitude !== undefined ? { latitude: input.latitude, longitude: input.longitude } : null;
        const position = (await consentGranted(tx, 'gps')) ? (sent ?? processed.gps) : null;
        const stamp = localStamp(input.takenAt, await tenantTimeZone(tx, ctx.tenantId));
        const customerName = customerNameOf(customer);
        const fileName = `${[slug(customerName, 50).toLowerCase() || 'foto', stamp.date, stamp.time].join('-')}.jpg`;
        const row = await insertImage(tx, ctx.tenantId, {
          id,
          customerId: customer.id,
          ownerId: ctx.userId,
          category: input.category,
          description: input.description ?? null,
          latitude: position?.latitude ?? null,
          longitude: position?.longitude ?? null,
          takenAt: input.takenAt,
          width: processed.width,
          height: processed.height,
          fileName,
          contentType: 'image/jpeg',
          sizeBytes: processed.jpegBytes,
          storageKey,
          thumbnailKey,
        });
        await recordAudit(tx, ctx.tenantId, {
          actorId: ctx.userId,
          entity: 'image',
          entityId: row.id,
          action: 'create',
          changes: { after: { customerId: row.customerId, category: row.category, fileName, sizeBytes: row.sizeBytes, takenAt: row.takenAt.toISOString(), withPosition: position !== null } },
        });
        const stored = await findImage(tx, ctx.tenantId, row.id);
        return toImage(stored!);
      });
    } catch (error) {
      await storage.delete(storageKey);
      await storage.delete(thumbnailKey);
      if (isUniqueViolation(error) && input.id) {
        // The same upload arrived twice at once: answer the one stored first.
        const stored = await inTenant(database, ctx, (tx) => findImage(tx, ctx.tenantId, input.id!));
        if (stored && stored.customerId === input.customerId) return toImage(stored);
        throw new AppError('CONFLICT', 'images.idTaken');
      }
      throw error;
    }
  }

  /** The record of a photo of the caller's tenant (404 otherwise). */
  async get(ctx: RequestContext, id: string): Promise<ImageListRow> {
    const { database } = this.deps;
    const row = await inTenant(database, ctx, (tx) => findImage(tx, ctx.tenantId, id));
    if (!row) throw notFound();
    return row;
  }

  /**
   * The thumbnail of a photo: the stored WebP, or for a client that takes no WebP a JPEG made from
   * it (`webp` says which the client takes).
   */
  async getThumbnail(ctx: RequestContext, id: string, webp: boolean): Promise<Thumbnail> {
    const image = await this.get(ctx, id);
    if (webp) return { image, format: 'webp' };
    return { image, format: 'jpeg', jpeg: await thumbnailAsJpeg(await this.deps.storage.get(image.thumbnailKey)) };
  }
}
