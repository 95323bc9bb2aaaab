/**
 * Pure rules of the customer activity: the subtype rules of information entries, what a material
 * copies from its product, image types by magic bytes, the EXIF GPS reader, byte ranges, file
 * names and the PDF's character set.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { informationViolations, materialValues, normaliseInformation } from '../../server/modules/information/information.rules';
import { detectImageType, readExifGps } from '../../server/modules/images/image-processing';
import { parseRange } from '../../server/platform/file-response';
import { contentDisposition, localStamp, slug } from '../../server/platform/file-names';
import { printable } from '../../server/modules/work-confirmations/confirmation-pdf';
import { acceptsWebp } from '../../server/modules/images/images.handlers';

const fieldsOf = (subType: 'note' | 'material' | 'time', input: Parameters<typeof normaliseInformation>[0]) =>
  informationViolations(subType, normaliseInformation(input)).map((v) => `${v.field}:${v.key}`);

describe('information rules', () => {
  it('needs a text for a note and nothing else', () => {
    expect(fieldsOf('note', { text: ' Hallo ' })).toEqual([]);
    expect(fieldsOf('note', { text: '   ' })).toEqual(['text:information.textRequired']);
    expect(fieldsOf('note', { text: 'x', durationSeconds: 60 })).toEqual(['durationSeconds:information.notForSubType']);
  });

  it('needs a product or a text, a quantity, and a unit for free text on a material', () => {
    expect(fieldsOf('material', { productId: 'p', quantity: 1 })).toEqual([]);
    expect(fieldsOf('material', { text: 'Dübel', quantity: 1, unit: 'Pkg' })).toEqual([]);
    expect(fieldsOf('material', { quantity: 1 })).toEqual(['productId:information.productOrText']);
    expect(fieldsOf('material', { text: 'Dübel', quantity: 1 })).toEqual(['unit:information.unitRequired']);
    expect(fieldsOf('material', { productId: 'p' })).toEqual(['quantity:information.quantityRequired']);
    expect(fieldsOf('material', { productId: 'p', quantity: 0 })).toEqual(['quantity:information.quantityPositive']);
  });

  it('needs a duration between a minute and a day for a time entry', () => {
    expect(fieldsOf('time', { durationSeconds: 60, text: 'Montage' })).toEqual([]);
    expect(fieldsOf('time', {})).toEqual(['durationSeconds:information.durationRequired']);
    expect(fieldsOf('time', { durationSeconds: 86401 })).toEqual(['durationSeconds:information.durationRange']);
    expect(fieldsOf('time', { durationSeconds: 600, unit: 'h' })).toEqual(['unit:information.notForSubType']);
  });

  it('rounds quantity and price and copies what was left out from the product', () => {
    const fields = normaliseInformation({ productId: 'p', quantity: 1.23456, unitPrice: 2.345 });
    expect(fields).toMatchObject({ quantity: 1.235, unitPrice: 2.35 });
    expect(materialValues(fields, { name: 'Kabel', unit: 'm', unitPrice: 0.89, vatRate: 7 })).toEqual({ productName: 'Kabel', unit: 'm', unitPrice: 2.35, vatRate: 7 });
    expect(materialValues(normaliseInformation({ text: 'x', unit: 'Stk', quantity: 1 }), null)).toEqual({ productName: null, unit: 'Stk', unitPrice: null, vatRate: 19 });
  });
});

describe('image types and EXIF', () => {
  it('recognises JPEG, PNG, WebP and HEIF by their first bytes only', () => {
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpeg');
    expect(detectImageType(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('png');
    expect(detectImageType(Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 'latin1'))).toBe('webp');
    expect(detectImageType(Buffer.from('\u0000\u0000\u0000\u0018ftypheic\u0000\u0000\u0000\u0000mif1heic', 'latin1'))).toBe('heif');
    expect(detectImageType(Buffer.from('\u0000\u0000\u0000\u0018ftypisom\u0000\u0000\u0000\u0000isomiso2', 'latin1'))).toBeUndefined();
    expect(detectImageType(Buffer.from('GIF89a......'))).toBeUndefined();
    expect(detectImageType(Buffer.from('#!/bin/sh'))).toBeUndefined();
  });

  it('reads the GPS position of an EXIF block, south and west negative', async () => {
    const exifOf = async (lat: string, latRef: string, lon: string, lonRef: string) =>
      (await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .jpeg()
        .withExif({ IFD3: { GPSLatitudeRef: latRef, GPSLatitude: lat, GPSLongitudeRef: lonRef, GPSLongitude: lon } })
        .toBuffer()
        .then((b) => sharp(b).metadata())).exif!;
    expect(readExifGps(await exifOf('48/1 8/1 1464/100', 'N', '11/1 34/1 3180/100', 'E'))).toEqual({ latitude: 48.1374, longitude: 11.5755 });
    expect(readExifGps(await exifOf('33/1 52/1 0/1', 'S', '151/1 12/1 36/1', 'W'))).toEqual({ latitude: -33.8666667, longitude: -151.21 });
    const noGps = (await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).jpeg().withExif({ IFD0: { Make: 'x' } }).toBuffer().then((b) => sharp(b).metadata())).exif!;
    expect(readExifGps(noGps)).toBeNull();
    expect(readExifGps(Buffer.from('Exif\u0000\u0000MM\u0000*garbage', 'latin1'))).toBeNull();
  });

  it('knows whether an Accept header allows WebP', () => {
    expect(acceptsWebp(undefined)).toBe(true);
    expect(acceptsWebp('image/avif,image/webp,*/*;q=0.8')).toBe(true);
    expect(acceptsWebp('image/jpeg')).toBe(false);
    expect(acceptsWebp('image/webp;q=0, image/jpeg')).toBe(false);
  });
});

describe('byte ranges', () => {
  it('parses single ranges and refuses those outside the file', () => {
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-3', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
  });
});

describe('file names and PDF text', () => {
  it('makes ASCII names with German umlauts spelled out', () => {
    expect(slug('Bäckerei Müller & Söhne GmbH')).toBe('Baeckerei-Mueller-Soehne-GmbH');
    expect(slug('Café Größe')).toBe('Cafe-Groesse');
    expect(localStamp(new Date('2026-11-20T07:30:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-11-20', time: '0830' });
    expect(contentDisposition('Straße "1".pdf')).toBe(`inline; filename="Stra_e _1_.pdf"; filename*=UTF-8''Stra%C3%9Fe%20%221%22.pdf`);
  });

  it('keeps what Helvetica can print and replaces the rest', () => {
    expect(printable('Grüße – 5 € „ok“ mm²')).toBe('Grüße – 5 € „ok“ mm²');
    expect(printable('Łódź 😀 ✓')).toBe('?ód? ? ?');
  });
});
