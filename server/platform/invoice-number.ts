/**
 * Rules of issued invoices (decision 0031): the number format, and the status shown in the register.
 * Here in platform because the firm's profile (management) checks the format the invoice module issues with.
 *
 * - The format has exactly one sequence token `{N…}` (zero-padded to as many digits as N's, at
 *   least 1, at most 9) and may have the year as `{YYYY}` or `{YY}`. A yearly restarting sequence
 *   needs the year in the number, or the numbers of two years would collide.
 * - Status: a cancelled invoice (and the cancellation itself) is `cancelled`; otherwise `paid` when
 *   the payments cover the gross total, `partlyPaid` when some are recorded, `overdue` after the due
 *   date, else `open`. The paid amount comes from `paidCentsSql` (issued-invoices.status.ts).
 */
import { AppError } from './errors';

export type RegisterStatus = 'open' | 'partlyPaid' | 'paid' | 'overdue' | 'cancelled';

const TOKEN = /\{(YYYY|YY|N{1,9})\}/g;
const ALLOWED_TEXT = /^[A-Za-z0-9\-_/.#]*$/;

/** Why a number format cannot be used, as a message key; null when it can. */
export function numberFormatProblem(format: string, yearly: boolean): 'invoiceNumber.formatInvalid' | 'invoiceNumber.formatNeedsYear' | null {
  if (format.length === 0 || format.length > 40) return 'invoiceNumber.formatInvalid';
  const tokens = [...format.matchAll(TOKEN)].map((m) => m[1]!);
  const rest = format.replace(TOKEN, '');
  if (rest.includes('{') || rest.includes('}') || !ALLOWED_TEXT.test(rest)) return 'invoiceNumber.formatInvalid';
  if (tokens.filter((t) => t.startsWith('N')).length !== 1) return 'invoiceNumber.formatInvalid';
  if (tokens.filter((t) => t.startsWith('Y')).length > 1) return 'invoiceNumber.formatInvalid';
  if (yearly && !tokens.some((t) => t.startsWith('Y'))) return 'invoiceNumber.formatNeedsYear';
  return null;
}

/** The placeholders named in the refusals, so the message shows them as written. */
const PLACEHOLDERS = { N: '{N}', NNNNNNNNN: '{NNNNNNNNN}', YYYY: '{YYYY}', YY: '{YY}' };

/** Refuses a format the firm cannot issue numbers with, naming the field. */
export function assertNumberFormat(format: string, yearly: boolean): void {
  const problem = numberFormatProblem(format, yearly);
  if (problem) throw new AppError('VALIDATION_ERROR', problem, { fieldErrors: { invoiceNumberFormat: [problem] }, params: PLACEHOLDERS });
}

/** The number `sequence` of `year` in the firm's format, e.g. `RE-2026-0007`. */
export function formatInvoiceNumber(format: string, year: number, sequence: number): string {
  return format.replace(TOKEN, (_match, token: string) => {
    if (token === 'YYYY') return String(year);
    if (token === 'YY') return String(year % 100).padStart(2, '0');
    return String(sequence).padStart(token.length, '0');
  });
}

/** The sequence a number is taken from: the year when the firm restarts yearly, else 0 (one sequence). */
export const sequenceYearOf = (yearly: boolean, year: number) => (yearly ? year : 0);
