/**
 * The firm's own position texts (`positionTexts` of the preview and the lexoffice export).
 *
 * - Every position has a key that stays the same between previews of the same entries: `labour`
 *   (there is at most one labour position), or `material-` and a hash of what makes materials one
 *   position (product or free text, unit, unit price, VAT rate), so an edited text stays on its
 *   position while the period, title or language change.
 * - A text replaces the position's description before any file is made, so the PDF, CSV, XLSX,
 *   e-invoices and lexoffice all carry it. Surrounding white space is dropped; line breaks stay.
 * - A key that names no position of this invoice, or a text with nothing but white space, is
 *   refused on its field (`positionTexts.<key>`): a text the firm wrote is never dropped silently.
 */
import { createHash } from 'node:crypto';
import { AppError } from '../../platform/errors';
import type { Position } from './invoice.rules';

/** The stable key of a position, as the contract's `InvoicePositionKey`. */
export function positionKey(position: Position): string {
  if (position.kind === 'labour') return 'labour';
  const identity = position.productId ?? `text:${position.description.trim().toLowerCase()}`;
  const hash = createHash('sha256')
    .update(JSON.stringify([identity, position.unit, position.unitPriceCents, position.vatRate]))
    .digest('hex');
  return `material-${hash.slice(0, 16)}`;
}

export type KeyedPosition = Position & { key: string };

/** The positions with their keys and the firm's texts in place; refuses texts it cannot place. */
export function withPositionTexts(positions: Position[], texts: Record<string, string> | undefined): KeyedPosition[] {
  const keyed = positions.map((p) => ({ ...p, key: positionKey(p) }));
  if (!texts) return keyed;
  const known = new Set(keyed.map((p) => p.key));
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, text] of Object.entries(texts)) {
    if (!known.has(key)) fieldErrors[`positionTexts.${key}`] = ['invoice.positionUnknown'];
    else if (!text.trim()) fieldErrors[`positionTexts.${key}`] = ['invoice.positionTextEmpty'];
  }
  if (Object.keys(fieldErrors).length > 0) throw new AppError('VALIDATION_ERROR', 'VALIDATION_ERROR', { fieldErrors });
  return keyed.map((p) => (texts[p.key] === undefined ? p : { ...p, description: texts[p.key].trim() }));
}
