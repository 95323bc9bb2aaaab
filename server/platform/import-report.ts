/**
 * The outcome of a CSV import (customers or products) in the contract's `ImportResult` shape, and
 * the refusal of a real import that still has invalid rows: 400 `IMPORT_INVALID_ROWS` with the
 * row errors keyed `rows[<index>].<field>` (index from 0), so nothing is stored.
 */
import type { components } from '../../generated/server/openapi';
import { AppError, type FieldErrors } from './errors';
import { translate, type MessageKey } from './i18n';
import type { Lang } from './i18n';

export type ImportResult = components['schemas']['ImportResult'];
export type ImportRowError = components['schemas']['ImportRowError'];

/** The route options of the import calls: 20,000 rows of JSON need more than the default 1 MiB. */
export const IMPORT_BODY_LIMIT = 24 * 1024 * 1024;

export class ImportReport {
  readonly errors: ImportRowError[] = [];
  private readonly badRows = new Set<number>();
  created = 0;
  updated = 0;
  skipped = 0;

  constructor(private readonly lang: Lang) {}

  /** Records a failure of the row at `index` (from 0); `field` null blames the row as a whole. */
  fail(index: number, sourceLine: number | undefined, field: string | null, key: MessageKey, params?: Record<string, string | number>) {
    this.badRows.add(index);
    this.errors.push({ row: index + 1, sourceLine: sourceLine ?? null, field, message: translate(this.lang, key, params) });
  }

  isBad(index: number) {
    return this.badRows.has(index);
  }

  get errorCount() {
    return this.badRows.size;
  }

  result(): ImportResult {
    const errors = [...this.errors].sort((a, b) => a.row - b.row);
    return { created: this.created, updated: this.updated, skipped: this.skipped, errorCount: this.errorCount, errors };
  }

  refusal(): AppError {
    const fieldErrors: FieldErrors = {};
    for (const e of this.errors) {
      const key = e.field ? `rows[${e.row - 1}].${e.field}` : `rows[${e.row - 1}]`;
      (fieldErrors[key] ??= []).push(e.message);
    }
    return new AppError('IMPORT_INVALID_ROWS', 'IMPORT_INVALID_ROWS', { fieldErrors });
  }
}
