/**
 * The firm's logo: checked by its bytes, re-encoded as a metadata-free PNG of bounded size, kept as
 * a file of the tenant, read by the PDF renderers.
 *
 * Each version is its own file, named by the version the firm's row holds (`logo_updated_at` in
 * milliseconds): a new file is written before the row names it, and a file is removed only once
 * no row names it (`ManagementService.sweepLogoFiles`), so the row never names a file that is gone,
 * whatever uploads and removals run at the same time. Before versions the file was `logo.png`;
 * such a logo is still read until it is replaced or removed.
 */
import type { FileStorage } from '../../platform/storage';
import { tenantKey } from '../../platform/storage';
import { AppError } from '../../platform/errors';
import { loadSharp } from '../../platform/heavy-modules';
import { detectImageType, MAX_IMAGE_PIXELS } from '../images';

export const MAX_LOGO_BYTES = 5 * 1024 * 1024;
const MAX_WIDTH = 1200;
const MAX_HEIGHT = 600;

/** The file of one version of the logo. */
export const logoKey = (tenantId: string, version: Date) => tenantKey(tenantId, `logo-${version.getTime()}.png`);
/** The one file of a logo stored before versions. */
export const legacyLogoKey = (tenantId: string) => tenantKey(tenantId, 'logo.png');

/** The stored file of the logo version a row names (or of a logo from before versions); undefined when there is none. */
export async function logoFileKey(storage: FileStorage, tenantId: string, version: Date): Promise<string | undefined> {
  for (const key of [logoKey(tenantId, version), legacyLogoKey(tenantId)]) {
    if (await storage.stat(key)) return key;
  }
  return undefined;
}

export async function processLogo(data: Buffer): Promise<Buffer> {
  const type = detectImageType(data);
  if (!type || type === 'heif') throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'management.logoType', { status: 400 });
  const sharp = await loadSharp();
  try {
    return await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' })
      .rotate()
      .resize(MAX_WIDTH, MAX_HEIGHT, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw new AppError('INVALID_IMAGE', 'images.invalid');
  }
}

/** The logo for a PDF, or undefined when the firm has none (or its file is gone). */
export async function readTenantLogo(storage: FileStorage, tenant: { tenantId: string; logoUpdatedAt: Date | null }): Promise<Buffer | undefined> {
  if (!tenant.logoUpdatedAt) return undefined;
  try {
    const key = await logoFileKey(storage, tenant.tenantId, tenant.logoUpdatedAt);
    return key ? await storage.get(key) : undefined;
  } catch {
    return undefined;
  }
}
