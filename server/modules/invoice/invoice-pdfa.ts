/**
 * The ZUGFeRD PDF's metadata, as PDF/A-3B requires it: the document information dictionary and the
 * XMP metadata say the same (ISO 19005-3, 6.6.2.3.1: each Info entry has its XMP equivalent with
 * the same value).
 *
 * `@e-invoice-eu/core` makes our invoice PDF a PDF/A-3 with the Factur-X attachment and writes both,
 * but with different values: the Info title is "<seller>: Invoice <number>", the XMP title its
 * subject; Info's producer is the library, XMP's the seller; Info's creator is not XMP's creator
 * tool; the keywords are only in Info. This keeps the library's XMP (PDF/A identification, Factur-X
 * extension schema and description) and sets the properties both carry from one set of values.
 */
import { translate } from '../../platform/i18n';
import { loadPdfLib } from '../../platform/heavy-modules';
import type { InvoiceDocumentInput } from './invoice-documents';

/** What the PDF says about itself, in Info and XMP alike. */
export interface PdfMetadata {
  title: string;
  author: string;
  subject: string;
  keywords: string[];
  /** The application that made the document (Info Creator, XMP CreatorTool). */
  creator: string;
  /** The software that wrote the PDF (Info Producer, XMP pdf:Producer). */
  producer: string;
  created: Date;
}

const PRODUCT = 'Fieldbook';

/** The metadata of an issued invoice's ZUGFeRD PDF. */
export function invoicePdfMetadata(input: InvoiceDocumentInput, invoiceNumber: string): PdfMetadata {
  // A cancellation is named as one (decision 0037), an invoice as an invoice.
  const invoice = translate(input.language, input.cancels ? 'invoiceDoc.cancellationTitle' : 'invoiceDoc.titleIssued');
  return {
    title: input.title,
    author: input.tenant.companyName ?? input.tenant.name,
    subject: `${invoice} ${invoiceNumber}`,
    keywords: [invoice, invoiceNumber, 'Factur-X', 'ZUGFeRD'],
    creator: PRODUCT,
    producer: `${PRODUCT} (PDFKit, e-invoice-eu)`,
    created: input.issuedAt,
  };
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** 2026-11-20T09:00:00Z: the instant to the second, as the Info dictionary holds it. */
const xmpDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Replaces the text of an XMP property: a simple element, or the single rdf:li of its Alt/Seq. A
 * property the XMP lacks is a change in the library: that must fail loudly, not pass unnoticed.
 */
function setProperty(xmp: string, name: string, value: string): string {
  const property = new RegExp(`(<${name}(?:\\s[^>]*)?>)([\\s\\S]*?)(</${name}>)`);
  const match = property.exec(xmp);
  if (!match) throw new Error(`The ZUGFeRD XMP has no ${name}`);
  const li = /(<rdf:li(?:\s[^>]*)?>)[^<]*(<\/rdf:li>)/;
  const inner = li.test(match[2]) ? match[2].replace(li, (_, open: string, close: string) => `${open}${escapeXml(value)}${close}`) : escapeXml(value);
  return xmp.replace(property, (_, open: string, _old: string, close: string) => `${open}${inner}${close}`);
}

/** The PDF with Info and XMP set from `meta`. */
export async function withPdfMetadata(pdf: Uint8Array, meta: PdfMetadata): Promise<Buffer> {
  const { PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } = await loadPdfLib();
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const stream = doc.context.lookup(doc.catalog.get(PDFName.of('Metadata')));
  if (!(stream instanceof PDFRawStream)) throw new Error('The ZUGFeRD PDF has no XMP metadata stream');
  let xmp = new TextDecoder().decode(decodePDFRawStream(stream).decode());

  const keywords = meta.keywords.join(' ');
  const date = xmpDate(meta.created);
  xmp = setProperty(xmp, 'dc:title', meta.title);
  xmp = setProperty(xmp, 'dc:creator', meta.author);
  xmp = setProperty(xmp, 'dc:description', meta.subject);
  xmp = setProperty(xmp, 'dc:date', date);
  xmp = setProperty(xmp, 'pdf:Producer', meta.producer);
  xmp = xmp.replace(/<pdf:Keywords>[\s\S]*?<\/pdf:Keywords>\s*/, '');
  xmp = xmp.replace(/(<pdf:Producer>[\s\S]*?<\/pdf:Producer>)/, (producer: string) => `${producer}<pdf:Keywords>${escapeXml(keywords)}</pdf:Keywords>`);
  xmp = setProperty(xmp, 'xmp:CreatorTool', meta.creator);
  for (const name of ['xmp:CreateDate', 'xmp:ModifyDate', 'xmp:MetadataDate']) xmp = setProperty(xmp, name, date);

  const bytes = new TextEncoder().encode(xmp);
  const metadata = doc.context.stream(bytes, { Type: 'Metadata', Subtype: 'XML', Length: bytes.length });
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(metadata));

  doc.setTitle(meta.title);
  doc.setAuthor(meta.author);
  doc.setSubject(meta.subject);
  doc.setKeywords(meta.keywords);
  doc.setCreator(meta.creator);
  doc.setProducer(meta.producer);
  doc.setCreationDate(meta.created);
  doc.setModificationDate(meta.created);
  return Buffer.from(await doc.save());
}

/**
 * The PDF with the content of its embedded file `fileName` (the Factur-X XML) replaced by
 * `transform` of it; the file's size in its parameters follows. Throws when there is no such file.
 */
export async function withEmbeddedFile(pdf: Uint8Array, fileName: string, transform: (content: string) => string): Promise<Uint8Array> {
  const { PDFDocument, PDFName, PDFDict, PDFArray, PDFRawStream, PDFRef, PDFString, PDFHexString, PDFNumber, decodePDFRawStream } = await loadPdfLib();
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const files = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict)?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict)?.lookupMaybe(PDFName.of('Names'), PDFArray);
  for (let i = 0; files && i + 1 < files.size(); i += 2) {
    const name = files.lookup(i);
    if (!(name instanceof PDFString || name instanceof PDFHexString) || name.decodeText() !== fileName) continue;
    const ef = files.lookup(i + 1, PDFDict).lookup(PDFName.of('EF'), PDFDict);
    const ref = ef.get(PDFName.of('F'));
    const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : undefined;
    if (!(ref instanceof PDFRef) || !(stream instanceof PDFRawStream)) break;
    const bytes = new TextEncoder().encode(transform(new TextDecoder().decode(decodePDFRawStream(stream).decode())));
    const params = stream.dict.lookupMaybe(PDFName.of('Params'), PDFDict)?.clone(doc.context) ?? doc.context.obj({});
    params.set(PDFName.of('Size'), PDFNumber.of(bytes.length));
    const replaced = doc.context.flateStream(bytes, { Type: 'EmbeddedFile', Params: params });
    const subtype = stream.dict.get(PDFName.of('Subtype'));
    if (subtype) replaced.dict.set(PDFName.of('Subtype'), subtype);
    doc.context.assign(ref, replaced);
    return doc.save();
  }
  throw new Error(`The ZUGFeRD PDF has no embedded ${fileName}`);
}
