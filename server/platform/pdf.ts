/**
 * What the server's PDFs (work confirmation, invoice, ZUGFeRD) share: pdfkit with the product's own
 * font, and the one table layout: a bold header row repeated on every page, rows as tall as their
 * longest cell, thin lines between them.
 *
 * The font is Liberation Sans (server/assets/fonts, SIL OFL), metric-compatible with Helvetica, so
 * the layout is that of the Helvetica the PDFs used before. It is embedded as a subset in every
 * PDF: an archival PDF (PDF/A-3B, the ZUGFeRD invoice) must not leave a font to the viewer. The
 * drawing code keeps naming the fonts 'Helvetica', 'Helvetica-Bold' and 'Helvetica-Oblique':
 * `newPdfDocument` registers these names for the shipped files, so no standard font is used.
 */
import type PDFDocument from 'pdfkit';
import { fromRoot } from './paths';

type Doc = InstanceType<typeof PDFDocument>;
type DocOptions = ConstructorParameters<typeof PDFDocument>[0];

/** The names the drawing code uses, and the shipped font file each stands for. */
const FONT_FILES = {
  Helvetica: 'LiberationSans-Regular.ttf',
  'Helvetica-Bold': 'LiberationSans-Bold.ttf',
  'Helvetica-Oblique': 'LiberationSans-Italic.ttf',
} as const;

const fontPath = (file: string) => fromRoot('server', 'assets', 'fonts', file);

/** A pdfkit document that draws only with the product's embedded fonts. */
export function newPdfDocument(PDFKit: typeof PDFDocument, options: DocOptions): Doc {
  // The default font is the shipped one, so pdfkit never sets up its standard Helvetica.
  const doc = new PDFKit({ ...options, font: fontPath(FONT_FILES.Helvetica) });
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, fontPath(file));
  return doc;
}

// Windows-1252 beyond Latin-1: all of German and English, and what the PDFs have always printed
// (the shipped font has every one of these characters).
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** The text as the PDFs print it: Windows-1252 characters kept, the rest `?`. */
export function printable(text: string): string {
  return Array.from(text.normalize('NFC'))
    .map((c) => {
      const code = c.codePointAt(0)!;
      if (c === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(c)) return c;
      if (c === '\t') return ' ';
      if (c === '\u2212') return '-';
      return '?';
    })
    .join('');
}

const LOGO_BOX: [number, number] = [170, 48];

/**
 * The firm's logo at the top left of a letterhead, scaled into a box of 170 × 48 pt; answers where
 * the company name goes below it (the top itself without a logo, or when the image cannot be read).
 */
export function drawLogo(doc: Doc, logo: Buffer | undefined, left: number, top: number): number {
  if (!logo) return top;
  try {
    doc.image(logo, left, top, { fit: LOGO_BOX });
    return top + LOGO_BOX[1] + 8;
  } catch {
    return top;
  }
}

export interface PdfColumn {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

export interface TableLayout {
  left: number;
  width: number;
  /** The lowest y a row may reach on the page (above the footer). */
  bottom: () => number;
  /** Printed in the header's place when there are no rows. */
  emptyText?: string;
}

/** A table at `doc.y`: header, rows (a new page with the header again when one does not fit). */
export function drawTable(doc: Doc, layout: TableLayout, columns: PdfColumn[], rows: string[][]) {
  const { left, width } = layout;
  const header = () => {
    let x = left;
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(8.5).fillColor('#444444');
    for (const c of columns) {
      doc.text(c.title, x + 2, y, { width: c.width - 4, align: c.align ?? 'left' });
      x += c.width;
    }
    doc.y = y + 13;
    doc.moveTo(left, doc.y - 2).lineTo(left + width, doc.y - 2).lineWidth(0.5).strokeColor('#bbbbbb').stroke();
  };
  header();
  if (rows.length === 0) {
    if (layout.emptyText) doc.font('Helvetica-Oblique').fontSize(9).fillColor('#666666').text(layout.emptyText, left + 2, doc.y + 2);
    doc.moveDown(1);
    return;
  }
  doc.font('Helvetica').fontSize(9).fillColor('#000000');
  for (const row of rows) {
    const height = Math.max(...row.map((cell, i) => doc.heightOfString(printable(cell), { width: columns[i].width - 4 }))) + 5;
    if (doc.y + height > layout.bottom()) {
      doc.addPage();
      header();
      doc.font('Helvetica').fontSize(9).fillColor('#000000');
    }
    const y = doc.y + 2;
    let x = left;
    row.forEach((cell, i) => {
      doc.text(printable(cell), x + 2, y, { width: columns[i].width - 4, align: columns[i].align ?? 'left' });
      x += columns[i].width;
    });
    doc.y = y + height - 2;
    doc.moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(0.25).strokeColor('#dddddd').stroke();
  }
  doc.moveDown(1);
}
