/**
 * Text of a CSV file from its bytes. German Excel writes Windows-1252 ("ANSI"); newer versions and
 * most other programs write UTF-8, sometimes with a byte order mark; "Unicode text" is UTF-16 LE.
 * Detection: a byte order mark decides; otherwise bytes that are valid UTF-8 are UTF-8, anything
 * else is Windows-1252 (which maps every byte to a character, so it never fails).
 */

export const csvEncodings = ['utf-8', 'windows-1252', 'utf-16le'] as const;
export type CsvEncoding = (typeof csvEncodings)[number];

interface DecodedCsv {
  text: string;
  encoding: CsvEncoding;
  /** The file started with a byte order mark (removed from `text`). */
  hadBom: boolean;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const UTF16LE_BOM = [0xff, 0xfe];

function startsWith(bytes: Uint8Array, prefix: number[]) {
  return prefix.every((b, i) => bytes[i] === b);
}

export function detectEncoding(bytes: Uint8Array): CsvEncoding {
  if (startsWith(bytes, UTF8_BOM)) return 'utf-8';
  if (startsWith(bytes, UTF16LE_BOM)) return 'utf-16le';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** Decodes with the given encoding, or the detected one. */
export function decodeCsv(bytes: Uint8Array, encoding: CsvEncoding = detectEncoding(bytes)): DecodedCsv {
  const bom = encoding === 'utf-8' ? UTF8_BOM : encoding === 'utf-16le' ? UTF16LE_BOM : [];
  const hadBom = bom.length > 0 && startsWith(bytes, bom);
  const body = hadBom ? bytes.subarray(bom.length) : bytes;
  // Not fatal: a wrong choice by the user shows replacement characters in the preview instead of failing.
  let text = new TextDecoder(encoding).decode(body);
  if (encoding === 'windows-1252') text = fixWindows1252(text);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { text, encoding, hadBom };
}

/** Windows-1252's characters at 0x80-0x9F (€, „, “, –, ...), by their byte. */
const cp1252High: Record<number, string> = {
  0x80: '€', 0x82: '‚', 0x83: 'ƒ', 0x84: '„', 0x85: '…', 0x86: '†', 0x87: '‡', 0x88: 'ˆ', 0x89: '‰',
  0x8a: 'Š', 0x8b: '‹', 0x8c: 'Œ', 0x8e: 'Ž', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•',
  0x96: '–', 0x97: '—', 0x98: '˜', 0x99: '™', 0x9a: 'š', 0x9b: '›', 0x9c: 'œ', 0x9e: 'ž', 0x9f: 'Ÿ',
};

/**
 * Some runtimes (Node before 22) decode `windows-1252` as Latin-1, leaving bytes 0x80-0x9F as
 * control characters; browsers map them. This gives the browsers' answer everywhere.
 */
function fixWindows1252(text: string): string {
  return text.replace(/[\u0080-\u009f]/g, (c) => cp1252High[c.charCodeAt(0)] ?? c);
}
