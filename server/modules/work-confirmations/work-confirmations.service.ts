/**
 * Work confirmations: the customer signs on the device for the entries shown to them; the server
 * renders the PDF, stores it with the signature and locks the covered entries.
 *
 * Which entries: the ids sent (each must be the customer's, not yet confirmed or archived, a time
 * track stopped), or, when none are sent, all of the customer's open information entries, stopped
 * time tracks and photos up to the signing time. An Employee confirms only what they may see: every
 * note, material and photo, their own time tracks and time entries. Nothing is stored when any
 * check fails; the entries are read `FOR UPDATE`, so a concurrent change or second confirmation
 * waits and then sees the lock.
 */
import { loadSharp } from '../../platform/heavy-modules';
import type { components } from '../../../generated/server/openapi';

import { isUniqueViolation } from '../../db/helpers';
import { isManager, type RequestContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { localStamp, slug } from '../../platform/file-names';
import { translate, type Lang, type MessageKey } from '../../platform/i18n';
import { FormFields, type MultipartForm } from '../../platform/multipart';
import { tenantKey } from '../../platform/storage';
import { recordAudit, type AuditEntry } from '../../db/audit';
import { findCustomer } from '../customers';
import { renderConfirmationPdf } from './confirmation-pdf';
import { readTenantLogo } from '../management';
import { thumbnailAsJpeg } from '../images';
import {
  coveredIds,
  findConfirmation,
  insertConfirmation,
  lockImages,
  lockInformation,
  lockTimeTracks,
  markCovered,
  type ConfirmationRow,
  type Selection,
} from './work-confirmations.repository';
import { customerContactPerson, customerName as customerNameOf } from '../../platform/display-names';
import { zoneOrDefault } from '../../platform/time-zone';
import type { Deps } from '../../platform/handler';
import type { FileStorage } from '../../platform/storage';
import { inTenant } from '../../platform/tenant-transaction';
import { ACTED_AT_SKEW_MS, actedAt } from '../../platform/acted-at';
import { findTenant } from '../../db/tenant-settings';

export type WorkConfirmation = components['schemas']['WorkConfirmation'];

export const MAX_SIGNATURE_BYTES = 1024 * 1024;
const MAX_SIGNATURE_PIXELS = 4_000_000;
const MAX_IDS = 1000;

export interface ConfirmationInput {
  customerId: string;
  signee: string;
  infoIds?: string[];
  timeTrackIds?: string[];
  imageIds?: string[];
  id?: string;
  signedAt: Date;
  /** `signedAt` came from the device (`createdAtUtc`), not the server's clock. */
  signedOnDevice: boolean;
  language?: Lang;
  place?: string;
  signature: Buffer;
}

const signatureInvalid = () => new AppError('INVALID_IMAGE', 'confirmations.signatureInvalid');

/** The form's fields under the contract's `WorkConfirmationUpload` rules, or 400 with every field error. */
export async function readConfirmationForm(ctx: RequestContext, form: MultipartForm): Promise<ConfirmationInput> {
  const fields = new FormFields(form, ctx.lang, 'file');
  const customerId = fields.uuid('customerId', { required: true });
  const signee = fields.string('signee', { required: true, minLength: 1, maxLength: 200 });
  const infoIds = fields.uuidList('confirmedInfoIds', MAX_IDS);
  const timeTrackIds = fields.uuidList('confirmedTimeTrackIds', MAX_IDS);
  const imageIds = fields.uuidList('confirmedImageIds', MAX_IDS);
  const id = fields.uuid('id');
  const signedAt = fields.dateTime('createdAtUtc');
  if (signedAt && signedAt.getTime() > ctx.now.getTime() + ACTED_AT_SKEW_MS) fields.fieldError('createdAtUtc', 'clientTime.future');
  const language = fields.oneOf('language', ['de', 'en'] as const);
  const place = fields.string('place', { maxLength: 200 });
  if (!form.file) fields.fieldError('file', 'validation.required');
  fields.assertValid();
  return {
    customerId: customerId!,
    signee: signee!,
    infoIds,
    timeTrackIds,
    imageIds,
    id,
    signedAt: signedAt ?? ctx.now,
    signedOnDevice: signedAt !== undefined && signedAt !== null,
    language,
    place,
    signature: await form.file!.bytes(),
  };
}

/** The signature as a clean PNG (decoded completely, no metadata), or 400 INVALID_IMAGE. */
async function cleanSignature(data: Buffer): Promise<Buffer> {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (data.length < 8 || !data.subarray(0, 8).equals(png)) throw signatureInvalid();
  const sharp = await loadSharp();
  try {
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height || meta.width * meta.height > MAX_SIGNATURE_PIXELS) throw signatureInvalid();
    return await sharp(data, { failOn: 'warning', limitInputPixels: MAX_SIGNATURE_PIXELS }).png().toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw signatureInvalid();
  }
}

function toConfirmation(row: ConfirmationRow, covered: { informationIds: string[]; timeTrackIds: string[]; imageIds: string[] }): WorkConfirmation {
  return {
    id: row.id,
    customerId: row.customerId,
    signee: row.signee,
    place: row.place,
    language: row.language as Lang,
    confirmedInfoIds: covered.informationIds,
    confirmedTimeTrackIds: covered.timeTrackIds,
    confirmedImageIds: covered.imageIds,
    createdAtUtc: row.createdAt.toISOString(),
    fileName: row.fileName,
  };
}

/** Every id sent must be found as the customer's; a missing one answers 404 with its field. */
function requireAll(found: { id: string; customerId: string }[], sent: string[] | undefined, customerId: string, field: string) {
  if (!sent) return;
  const mine = new Set(found.filter((r) => r.customerId === customerId).map((r) => r.id));
  const missing = sent.filter((id) => !mine.has(id));
  if (missing.length > 0) {
    throw new AppError('NOT_FOUND', 'NOT_FOUND', { fieldErrors: { [field]: missing.map(() => 'NOT_FOUND') } });
  }
}

const categoryKeys: Record<string, MessageKey> = {
  before: 'category.before',
  after: 'category.after',
  damage: 'category.damage',
  material: 'category.material',
  other: 'category.other',
};

/** The module's calls, built once per server with its dependencies (server/modules/services.ts). */
/** A photo's thumbnail as JPEG for the PDF (pdfkit draws no WebP); none when the file is gone. */
async function thumbnailOf(storage: FileStorage, key: string): Promise<Buffer | undefined> {
  try {
    const webp = await storage.get(key);
    return webp ? await thumbnailAsJpeg(webp) : undefined;
  } catch {
    return undefined;
  }
}

export class WorkConfirmationsService {
  constructor(private readonly deps: Deps) {}

  async create(ctx: RequestContext, input: ConfirmationInput): Promise<WorkConfirmation> {
    const deps = this.deps;
    const { database, storage } = deps;
    const signature = await cleanSignature(input.signature);
    const language: Lang = input.language ?? ctx.lang;
    const id = input.id ?? crypto.randomUUID();
    // A suffix of its own: a retry racing this request never overwrites or deletes the other's files.
    const suffix = crypto.randomUUID().slice(0, 8);
    const signatureKey = tenantKey(ctx.tenantId, 'signatures', `${id}-${suffix}.png`);
    const pdfKey = tenantKey(ctx.tenantId, 'confirmations', `${id}-${suffix}.pdf`);
    let wroteFiles = false;

    try {
      return await inTenant(database, ctx, async (tx) => {
        if (input.id) {
          const stored = await findConfirmation(tx, ctx.tenantId, input.id);
          if (stored && stored.customerId === input.customerId) return toConfirmation(stored, await coveredIds(tx, ctx.tenantId, stored.id));
          if (stored) throw new AppError('CONFLICT', 'confirmations.idTaken');
        }
        // Signed on the member's device: not before the member's account began (decision 0043).
        if (input.signedOnDevice) await actedAt(tx, ctx, input.signedAt, 'createdAtUtc');
        const customer = await findCustomer(tx, ctx.tenantId, input.customerId);
        if (!customer) throw notFound();

        const explicit = input.infoIds !== undefined || input.timeTrackIds !== undefined || input.imageIds !== undefined;
        const onlyOwnTimeOf = isManager(ctx) ? undefined : ctx.userId;
        const open: Selection = { kind: 'open', customerId: customer.id, until: input.signedAt, onlyOwnTimeOf };
        const pick = (ids: string[] | undefined): Selection => (explicit ? { kind: 'ids', ids: ids ?? [] } : open);
        const information = await lockInformation(tx, ctx.tenantId, pick(input.infoIds));
        const tracks = await lockTimeTracks(tx, ctx.tenantId, pick(input.timeTrackIds));
        const photos = await lockImages(tx, ctx.tenantId, pick(input.imageIds));

        if (explicit) {
          // Another member's time stays invisible to an Employee: as if it did not exist.
          const visibleInfo = information.filter((r) => !onlyOwnTimeOf || r.subType !== 'time' || r.ownerId === onlyOwnTimeOf);
          const visibleTracks = tracks.filter((r) => !onlyOwnTimeOf || r.ownerId === onlyOwnTimeOf);
          requireAll(visibleInfo, input.infoIds, customer.id, 'confirmedInfoIds');
          requireAll(visibleTracks, input.timeTrackIds, customer.id, 'confirmedTimeTrackIds');
          requireAll(photos, input.imageIds, customer.id, 'confirmedImageIds');
          if ([...information, ...tracks, ...photos].some((r) => r.confirmationId !== null || r.archivedAt !== null)) {
            throw new AppError('ENTRY_LOCKED');
          }
          if (tracks.some((r) => r.endedAt === null)) {
            throw new AppError('VALIDATION_ERROR', 'confirmations.runningTimeTrack', {
              fieldErrors: { confirmedTimeTrackIds: ['confirmations.runningTimeTrack'] },
            });
          }
        }
        if (information.length + tracks.length + photos.length === 0) throw new AppError('NO_ACTIVITIES_SELECTED');

        const tenant = await findTenant(tx);
        const timeZone = zoneOrDefault(tenant?.timeZone);
        const customerName = customerNameOf(customer);
        const customerPerson = customerContactPerson(customer);
        const stamp = localStamp(input.signedAt, timeZone);
        const fileName = `${[translate(language, 'pdf.fileName'), slug(customerName, 60), stamp.date].filter(Boolean).join('-')}.pdf`;
        const t = (key: MessageKey) => translate(language, key);
        // Where it was signed: as given, else where the work is, the customer's town.
        const place = input.place ?? (customer.city ? [customer.zip, customer.city].filter(Boolean).join(' ') : null);

        const pdf = await renderConfirmationPdf({
          language,
          timeZone,
          number: id.slice(0, 8).toUpperCase(),
          logo: tenant ? await readTenantLogo(this.deps.storage, tenant) : undefined,
          company: {
            name: tenant?.companyName ?? tenant?.name ?? '',
            lines: [
              tenant?.street ?? '',
              [tenant?.zip, tenant?.city].filter(Boolean).join(' '),
              [tenant?.phone, tenant?.email].filter(Boolean).join(' · '),
              tenant?.vatId ?? '',
            ].filter(Boolean),
          },
          customer: {
            name: customerName,
            lines: [customerPerson, customer.street ?? '', [customer.zip, customer.city].filter(Boolean).join(' ')].filter(Boolean),
          },
          times: [
            ...tracks.map((r) => ({ at: r.startedAt, member: r.ownerName, description: r.description, seconds: r.durationSeconds ?? 0 })),
            ...information
              .filter((r) => r.subType === 'time')
              .map((r) => ({ at: r.occurredAt, member: r.ownerName, description: r.text, seconds: r.durationSeconds ?? 0 })),
          ].sort((a, b) => a.at.getTime() - b.at.getTime()),
          materials: information
            .filter((r) => r.subType === 'material')
            .map((r) => ({
              at: r.occurredAt,
              productId: r.productId,
              groupName: r.productName ?? r.text ?? '',
              vatRate: r.vatRate,
              name: [r.productName, r.productName ? r.text : null].filter(Boolean).join(' – ') || (r.text ?? ''),
              quantity: r.quantity ?? 0,
              unit: r.unit,
              unitPrice: r.unitPrice,
            })),
          notes: information.filter((r) => r.subType === 'note').map((r) => ({ at: r.occurredAt, member: r.ownerName, text: r.text ?? '' })),
          photos: await Promise.all(
            photos.map(async (r) => ({
              at: r.takenAt,
              category: categoryKeys[r.category ?? 'other'] ? t(categoryKeys[r.category ?? 'other']) : (r.category ?? ''),
              description: r.description,
              fileName: r.fileName,
              thumbnail: await thumbnailOf(this.deps.storage, r.thumbnailKey),
            })),
          ),
          signee: input.signee,
          place,
          signedAt: input.signedAt,
          signaturePng: signature,
        });

        await storage.put(signatureKey, signature);
        await storage.put(pdfKey, pdf);
        wroteFiles = true;
        const row = await insertConfirmation(tx, {
          tenantId: ctx.tenantId,
          id,
          customerId: customer.id,
          ownerId: ctx.userId,
          signee: input.signee,
          place,
          language,
          signatureKey,
          pdfKey,
          fileName,
          createdAt: input.signedAt,
        });
        const covered = { informationIds: information.map((r) => r.id), timeTrackIds: tracks.map((r) => r.id), imageIds: photos.map((r) => r.id) };
        await markCovered(tx, ctx.tenantId, row.id, covered);
        const lock = { before: { confirmationId: null }, after: { confirmationId: row.id } };
        const audit: AuditEntry[] = [
          {
            actorId: ctx.userId,
            entity: 'work_confirmation',
            entityId: row.id,
            action: 'create',
            changes: { after: { customerId: row.customerId, signee: row.signee, place: row.place, language, fileName, ...covered } },
          },
          ...covered.informationIds.map((entityId): AuditEntry => ({ actorId: ctx.userId, entity: 'information', entityId, action: 'update', changes: lock })),
          ...covered.timeTrackIds.map((entityId): AuditEntry => ({ actorId: ctx.userId, entity: 'time_track', entityId, action: 'update', changes: lock })),
          ...covered.imageIds.map((entityId): AuditEntry => ({ actorId: ctx.userId, entity: 'image', entityId, action: 'update', changes: lock })),
        ];
        await recordAudit(tx, ctx.tenantId, audit);
        await this.deps.jobs.webhookEvent(tx, ctx.tenantId, 'work_confirmation.signed', { workConfirmationId: row.id, customerId: row.customerId });
        return toConfirmation(row, covered);
      });
    } catch (error) {
      if (wroteFiles) {
        await storage.delete(signatureKey);
        await storage.delete(pdfKey);
      }
      if (isUniqueViolation(error) && input.id) {
        // The same confirmation arrived twice at once: answer the one stored first.
        const stored = await inTenant(database, ctx, async (tx) => {
          const row = await findConfirmation(tx, ctx.tenantId, input.id!);
          return row && row.customerId === input.customerId ? toConfirmation(row, await coveredIds(tx, ctx.tenantId, row.id)) : undefined;
        });
        if (stored) return stored;
        throw new AppError('CONFLICT', 'confirmations.idTaken');
      }
      throw error;
    }
  }

  /** The stored confirmation (for its PDF) of the caller's tenant, or 404. */
  async get(ctx: RequestContext, id: string): Promise<ConfirmationRow> {
    const { database } = this.deps;
    const row = await inTenant(database, ctx, (tx) => findConfirmation(tx, ctx.tenantId, id));
    if (!row) throw notFound();
    return row;
  }
}
