/**
 * The firm's logo: checked by its bytes, re-encoded as a metadata-free PNG of bounded size, kept as
 * a file of the tenant, read by the PDF renderers.
 */
import type { FileStorage } from '../../platform/storage';
import { tenantKey } from '../../platform/storage';
import { AppError } from '../../platform/errors';
import { loadSharp } from '../../platform/heavy-modules';
import { detectImageType, MAX_IMAGE_PIXELS } from '../images/image-processing';

export const MAX_LOGO_BYTES = 5 * 1024 * 1024;
const MAX_WIDTH = 1200;
const MAX_HEIGHT = 600;

export const logoKey = (tenantId: string) => tenantKey(tenantId, 'logo.png');

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
    return await storage.get(logoKey(tenant.tenantId));
  } catch {
    return undefined;
  }
}
