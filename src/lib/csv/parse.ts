/**
 * Parsing of CSV text with papaparse: the delimiter (comma, semicolon, pipe or colon) detected
 * from the first lines, quoted fields with line breaks and doubled quotes, empty lines skipped,
 * and for every record the line of the file it starts on (for messages such as "line 12").
 */
import Papa from 'papaparse';

export const csvDelimiters = [';', ',', '|', ':'] as const;
export type CsvDelimiter = (typeof csvDelimiters)[number];

export interface CsvRecord {
  /** Line of the file (from 1) the record starts on. */
  line: number;
  cells: string[];
}

export type CsvProblemKind = 'unclosedQuote' | 'malformed';

interface CsvProblem {
  /** Line of the file (from 1) the problem starts on. */
  line: number;
  kind: CsvProblemKind;
}

interface ParsedCsv {
  records: CsvRecord[];
  problems: CsvProblem[];
}

const SAMPLE_LINES = 50;

/**
 * The delimiter that splits the first lines into the same number (more than one) of fields most
 * consistently; ties go to the order of `csvDelimiters` (semicolon first: German Excel).
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const sample = sampleOf(text);
  let best: { delimiter: CsvDelimiter; score: number } = { delimiter: ';', score: 0 };
  for (const delimiter of csvDelimiters) {
    const result = Papa.parse<string[]>(sample, { delimiter, skipEmptyLines: 'greedy', quoteChar: '"' });
    const counts = result.data.map((row) => row.length);
    if (counts.length === 0) continue;
    const frequency = new Map<number, number>();
    for (const n of counts) frequency.set(n, (frequency.get(n) ?? 0) + 1);
    const [mode, times] = [...frequency.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0];
    if (mode < 2) continue;
    // Consistent rows count most; more fields break ties between consistent delimiters.
    const score = (times / counts.length) * 1000 + mode;
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

/** The first lines of the text, cut at a line break outside quotes where possible. */
function sampleOf(text: string): string {
  let lines = 0;
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') inQuotes = !inQuotes;
    else if (c === '\n' && !inQuotes && ++lines >= SAMPLE_LINES) return text.slice(0, i);
  }
  return text;
}

/** Parses all records; `problems` lists quotes that never close and other damage. */
export function parseCsv(text: string, delimiter: CsvDelimiter): ParsedCsv {
  const records: CsvRecord[] = [];
  const problems: CsvProblem[] = [];
  let line = 1;
  let scanned = 0;
  // Line of a character offset, counting line breaks incrementally (offsets only grow).
  const lineAt = (offset: number) => {
    for (; scanned < offset && scanned < text.length; scanned++) {
      if (text.charCodeAt(scanned) === 10) line++;
    }
    return line;
  };
  let start = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    quoteChar: '"',
    skipEmptyLines: false,
    step: (result) => {
      const cursor = result.meta.cursor;
      // A record starts after the line breaks that precede its first character.
      let first = start;
      while (first < cursor && (text[first] === '\n' || text[first] === '\r')) first++;
      const recordLine = lineAt(first);
      start = cursor;
      const cells = result.data;
      for (const error of result.errors) {
        problems.push({ line: recordLine, kind: error.code === 'MissingQuotes' ? 'unclosedQuote' : 'malformed' });
      }
      if (cells.every((cell) => cell.trim() === '')) return;
      records.push({ line: recordLine, cells });
    },
  });
  return { records, problems };
}

/**
 * Whether the first record names the columns rather than holding data: yes when one of its cells
 * is a known column name, no when one of its cells is a number, otherwise yes (most files have a
 * header row; the user can say otherwise).
 */
export function looksLikeHeader(records: CsvRecord[], isKnownHeader: (cell: string) => boolean): boolean {
  const first = records[0];
  if (!first) return false;
  if (first.cells.some(isKnownHeader)) return true;
  const numeric = (cell: string) => /\d/.test(cell) && /^[-+]?[\d.,\s€%]+$/.test(cell.trim());
  return !first.cells.some(numeric);
}
