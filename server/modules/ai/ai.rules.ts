/** Plain rules of the AI module: audio formats, matching dictated materials to products, prompts. */

export type AudioFormat = { mimeType: string; extension: string };

/** The format of a recording by its first bytes (not its name or declared type), or null. */
export function sniffAudio(data: Buffer): AudioFormat | null {
  if (data.length < 12) return null;
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WAVE') return { mimeType: 'audio/wav', extension: 'wav' };
  if (data[0] === 0x1a && data[1] === 0x45 && data[2] === 0xdf && data[3] === 0xa3) return { mimeType: 'audio/webm', extension: 'webm' };
  if (data.subarray(0, 4).toString('latin1') === 'OggS') return { mimeType: 'audio/ogg', extension: 'ogg' };
  if (data.subarray(4, 8).toString('latin1') === 'ftyp') return { mimeType: 'audio/mp4', extension: 'm4a' };
  if (data.subarray(0, 3).toString('latin1') === 'ID3' || (data[0] === 0xff && (data[1] & 0xe0) === 0xe0)) return { mimeType: 'audio/mpeg', extension: 'mp3' };
  return null;
}

/**
 * The length of a WAV recording in seconds from its header (byte rate and data chunk), or null when
 * the header does not say (then the size limit alone bounds it).
 */
export function wavSeconds(data: Buffer): number | null {
  let offset = 12;
  let byteRate = 0;
  while (offset + 8 <= data.length) {
    const id = data.subarray(offset, offset + 4).toString('latin1');
    const size = data.readUInt32LE(offset + 4);
    if (id === 'fmt ' && offset + 16 <= data.length) byteRate = data.readUInt32LE(offset + 16);
    if (id === 'data') {
      if (!byteRate) return null;
      // A streamed WAV may leave the size open (0 or 0xFFFFFFFF): count what is there.
      const bytes = size === 0 || size === 0xffffffff ? data.length - offset - 8 : Math.min(size, data.length - offset - 8);
      return bytes / byteRate;
    }
    offset += 8 + size + (size % 2);
  }
  return null;
}

/** Lower-case words of a name, umlauts kept, "30x60" split into "30" and "60". */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/(\d)\s*[x×*]\s*(\d)/g, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2 || /\d/.test(w));
}

/** Character trigrams of a text (padded), for a close match that survives typos and plural forms. */
function trigrams(text: string): Set<string> {
  const grams = new Set<string>();
  for (const word of wordsOf(text)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  }
  return grams;
}

/** Similarity of two names between 0 and 1 (Dice coefficient of their trigrams). */
export function similarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const g of x) if (y.has(g)) shared++;
  return (2 * shared) / (x.size + y.size);
}

/** A close match needs at least this similarity; below it the material stays free text. */
export const CLOSE_MATCH = 0.45;

/** The best product for a dictated name: the exact name first, else the most similar above CLOSE_MATCH. */
export function bestMatch<P extends { name: string }>(text: string, candidates: P[]): { product: P; match: 'name' | 'similar' } | null {
  const wanted = text.trim().toLowerCase();
  const exact = candidates.find((p) => p.name.trim().toLowerCase() === wanted);
  if (exact) return { product: exact, match: 'name' };
  let best: { product: P; score: number } | null = null;
  for (const product of candidates) {
    const score = similarity(text, product.name);
    if (score >= CLOSE_MATCH && (!best || score > best.score)) best = { product, score };
  }
  return best ? { product: best.product, match: 'similar' } : null;
}

/** A dictated EAN (8 or 13 digits, spaces allowed) in a material's text, if any. */
export function eanIn(text: string): string | null {
  const digits = text.replace(/(\d)\s+(?=\d)/g, '$1').match(/\b(\d{13}|\d{8})\b/);
  return digits ? digits[1] : null;
}


const languageName = { de: 'German', en: 'English' } as const;

export function sortPrompt(language: 'de' | 'en'): string {
  return [
    'You sort a craftsperson\'s spoken work report into entries for a time-tracking app.',
    'Return the working time as durationMinutes (0 when none is said) with a short description of the work,',
    'every material used with its quantity and unit (Stk for pieces, m, m², kg, l, Sack, Rolle, Eimer, Paket or as said),',
    'and anything else as a note (empty when nothing is left).',
    `Write descriptions and the note in ${languageName[language]}. Do not invent anything that was not said.`,
  ].join(' ');
}

export function summaryPrompt(language: 'de' | 'en', oneCustomer: boolean): string {
  return [
    `You write for a small trades business in ${languageName[language]}, plain and professional.`,
    `From the entries of ${oneCustomer ? 'one customer' : 'the customers'} in a period, write an invoice title (at most 80 characters)`,
    'and a text of a few short paragraphs: what was done, what is still open (issues or follow-ups mentioned), which materials were used.',
    'Use only what the entries say; no prices, no personal data, no greeting.',
  ].join(' ');
}

export function invoiceTextPrompt(language: 'de' | 'en'): string {
  return [
    `You write the description of one labour position of an invoice in ${languageName[language]}, plain and professional.`,
    'From the work descriptions given, write one or two sentences (at most 300 characters) that name the work done.',
    'No prices, no hours, no names, no greeting; use only what the descriptions say.',
  ].join(' ');
}

/** JSON Schemas of the structured answers (strict mode: every property required, no others). */
export const sortSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['durationMinutes', 'timeDescription', 'materials', 'note'],
  properties: {
    durationMinutes: { type: 'integer' },
    timeDescription: { type: 'string' },
    materials: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'quantity', 'unit'],
        properties: { name: { type: 'string' }, quantity: { type: 'number' }, unit: { type: 'string' } },
      },
    },
    note: { type: 'string' },
  },
} as const;

export const textSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'text'],
  properties: { title: { type: 'string' }, text: { type: 'string' } },
} as const;

export interface SortAnswer {
  durationMinutes: number;
  timeDescription: string;
  materials: { name: string; quantity: number; unit: string }[];
  note: string;
}

/** Cuts a model's text to a field's limit, without control characters. */
export function clean(text: unknown, max: number): string {
  if (typeof text !== 'string') return '';
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim().slice(0, max);
}

/** E-mail addresses are never sent to a provider: they are replaced before a prompt is built. */
export function withoutEmails(text: string): string {
  return text.replace(/[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+/g, '[E-Mail]');
}
