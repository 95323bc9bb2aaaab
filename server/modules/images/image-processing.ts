/**
 * What happens to an uploaded photo before it is stored. The upload is a temporary file
 * (`readMultipart`); sharp reads it from there and writes the JPEG to a temporary file beside it, so
 * neither the upload nor the result is held in memory (decision 0052); only HEVC-coded HEIC is read
 * whole, because libheif decodes from a buffer.
 *
 * 1. Its type is taken from its first bytes (JPEG, PNG, WebP, HEIC/HEIF); the name and the declared
 *    type are ignored. Anything else is refused (UNSUPPORTED_MEDIA_TYPE).
 * 2. More than 40 megapixels is refused before any pixel is decoded (the header is enough; sharp's
 *    `limitInputPixels` guards the decoder as well).
 * 3. It is decoded completely: a damaged or truncated file fails here (INVALID_IMAGE). HEIC
 *    (HEVC-coded, what iPhones write) is decoded by libheif compiled to WebAssembly (`heic-decode`);
 *    sharp's own build reads only AV1-coded HEIF.
 * 4. It is turned upright from its EXIF orientation, flattened onto white, and re-encoded as JPEG
 *    without any metadata (sharp writes none unless told to), plus a WebP thumbnail with a long edge
 *    of 320 px.
 * 5. The GPS position in its EXIF is read for the database only (the caller decides whether the
 *    consent allows keeping it); the stored files never carry it.
 */
import fs from 'node:fs';
import type { Metadata, OutputInfo, Sharp, SharpOptions } from 'sharp';
import type heicDecode from 'heic-decode';
import { loadHeicDecode, loadSharp } from '../../platform/heavy-modules';
import { AppError } from '../../platform/errors';

export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
export const THUMBNAIL_EDGE = 320;

export type DetectedType = 'jpeg' | 'png' | 'webp' | 'heif';

const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1', 'avif', 'avis']);

/** The image type by magic bytes, or undefined for anything else. */
export function detectImageType(data: Buffer): DetectedType | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (data.length >= 12 && data.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = data.readUInt32BE(0);
    const brands = [data.toString('latin1', 8, 12)];
    for (let offset = 16; offset + 4 <= Math.min(boxSize, data.length, 64); offset += 4) brands.push(data.toString('latin1', offset, offset + 4));
    if (brands.some((b) => HEIF_BRANDS.has(b))) return 'heif';
  }
  return undefined;
}

export interface GpsPosition {
  latitude: number;
  longitude: number;
}

export interface ProcessedImage {
  /** The stored JPEG's temporary file (the caller's `output`) and its size. */
  jpegPath: string;
  jpegBytes: number;
  thumbnail: Buffer;
  width: number;
  height: number;
  gps: GpsPosition | null;
}

const invalid = () => new AppError('INVALID_IMAGE', 'images.invalid');
const tooManyPixels = () => new AppError('INVALID_IMAGE', 'images.tooManyPixels');

function isPixelLimitError(error: unknown) {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/** Decodes HEIC/HEIF to raw RGBA; the size is checked before the pixels are decoded. */
async function decodeHeif(data: Buffer): Promise<{ raw: Buffer; width: number; height: number } | undefined> {
  let images: Awaited<ReturnType<typeof heicDecode.all>>;
  const decoder = await loadHeicDecode();
  try {
    images = await decoder.all({ buffer: data });
  } catch {
    return undefined;
  }
  try {
    const first = images[0];
    if (!first) return undefined;
    if (first.width * first.height > MAX_IMAGE_PIXELS) throw tooManyPixels();
    const decoded = await first.decode();
    return { raw: Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength), width: decoded.width, height: decoded.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    return undefined;
  } finally {
    images.dispose();
  }
}

const sharpOptions: SharpOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' };

/** Upright, flattened, metadata-free JPEG of a decodable input, written to `output`. */
async function encodeJpeg(image: Sharp, output: string): Promise<OutputInfo> {
  return image.rotate().flatten({ background: '#ffffff' }).toColourspace('srgb').jpeg({ quality: 85, mozjpeg: true }).toFile(output);
}

/** The first bytes of a file, enough for `detectImageType`. */
async function headOf(file: string): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(64);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Checks and re-encodes the photo in the file `input`; the JPEG goes to the file `output` (the
 * caller removes it), the thumbnail (a few kilobytes) is answered in memory.
 */
export async function processImage(input: string, output: string): Promise<ProcessedImage> {
  const type = detectImageType(await headOf(input));
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'images.unsupported', { status: 400 });
  const sharp = await loadSharp();

  // The header says the size (and carries the EXIF block) without decoding a pixel.
  let meta: Metadata | undefined;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    if (type !== 'heif') throw invalid();
  }
  if (meta?.width && meta.height && meta.width * meta.height > MAX_IMAGE_PIXELS) throw tooManyPixels();
  if (type !== 'heif' && (!meta?.width || !meta.height)) throw invalid();
  let gps: GpsPosition | null = null;
  try {
    gps = meta?.exif ? readExifGps(meta.exif) : null;
  } catch {
    gps = null;
  }

  let jpeg: OutputInfo | undefined;
  try {
    jpeg = await encodeJpeg(sharp(input, sharpOptions), output);
  } catch (error) {
    if (isPixelLimitError(error)) throw tooManyPixels();
    // AV1-coded HEIF (AVIF) sharp reads itself; HEVC-coded HEIC goes through libheif below.
    if (type !== 'heif') throw invalid();
  }
  if (!jpeg) {
    const decoded = await decodeHeif(await fs.promises.readFile(input));
    if (!decoded) throw invalid();
    // libheif applies the container's rotation and mirroring itself.
    jpeg = await encodeJpeg(sharp(decoded.raw, { raw: { width: decoded.width, height: decoded.height, channels: 4 }, limitInputPixels: MAX_IMAGE_PIXELS }), output);
  }
  const encoded = jpeg;
  // From the JPEG file: libjpeg shrinks while decoding, so the thumbnail never holds the full pixels.
  const thumbnail = await sharp(output)
    .resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
  return { jpegPath: output, jpegBytes: encoded.size, thumbnail, width: encoded.width, height: encoded.height, gps };
}

/** The thumbnail as JPEG, for clients whose `Accept` does not allow WebP. */
export async function thumbnailAsJpeg(webp: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(webp).flatten({ background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer();
}

/**
 * The GPS position of an EXIF block (as sharp hands it out: `Exif\0\0` and a TIFF structure), or
 * null. Reads IFD0, follows the GPS IFD pointer (tag 0x8825) and converts the degree, minute and
 * second rationals of latitude (tags 1, 2) and longitude (tags 3, 4) with their N/S and E/W refs.
 */
export function readExifGps(exif: Buffer): GpsPosition | null {
  let tiff = exif;
  if (tiff.toString('latin1', 0, 6) === 'Exif\u0000\u0000') tiff = tiff.subarray(6);
  if (tiff.length < 8) return null;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const little = order === 'II';
  const u16 = (o: number) => (little ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (little ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const inside = (o: number, n: number) => o >= 0 && o + n <= tiff.length;

  function entries(ifdOffset: number): Map<number, { type: number; count: number; valueOffset: number }> {
    const out = new Map<number, { type: number; count: number; valueOffset: number }>();
    if (!inside(ifdOffset, 2)) return out;
    const count = u16(ifdOffset);
    for (let i = 0; i < count; i++) {
      const at = ifdOffset + 2 + i * 12;
      if (!inside(at, 12)) break;
      out.set(u16(at), { type: u16(at + 2), count: u32(at + 4), valueOffset: at + 8 });
    }
    return out;
  }

  const ifd0 = entries(u32(4));
  const gpsPointer = ifd0.get(0x8825);
  if (!gpsPointer) return null;
  const gps = entries(u32(gpsPointer.valueOffset));

  const ref = (tag: number) => {
    const e = gps.get(tag);
    return e && e.type === 2 ? tiff.toString('latin1', e.valueOffset, e.valueOffset + 1) : undefined;
  };
  const degrees = (tag: number) => {
    const e = gps.get(tag);
    if (!e || e.type !== 5 || e.count !== 3) return undefined;
    const at = u32(e.valueOffset);
    if (!inside(at, 24)) return undefined;
    const parts = [0, 1, 2].map((i) => {
      const denominator = u32(at + i * 8 + 4);
      return denominator === 0 ? NaN : u32(at + i * 8) / denominator;
    });
    const value = parts[0] + parts[1] / 60 + parts[2] / 3600;
    return Number.isFinite(value) ? value : undefined;
  };

  const lat = degrees(2);
  const lon = degrees(4);
  const latRef = ref(1);
  const lonRef = ref(3);
  if (lat === undefined || lon === undefined || !latRef || !lonRef) return null;
  const latitude = (latRef === 'S' ? -1 : 1) * lat;
  const longitude = (lonRef === 'W' ? -1 : 1) * lon;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude: Math.round(latitude * 1e7) / 1e7, longitude: Math.round(longitude * 1e7) / 1e7 };
}
