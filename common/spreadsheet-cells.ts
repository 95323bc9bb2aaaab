/**
 * Text cells of CSV and XLSX exports, shared by the app's exports and the server's invoice files.
 * A text that begins with `=`, `+`, `-`, `@`, tab or carriage return gets a leading apostrophe, so
 * a spreadsheet never runs it as a formula. Number cells are written as numbers and need no guard.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell safe for spreadsheets. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A CSV field: quoted when it holds the separator, a quote or a line break. */
export function csvField(text: string): string {
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
