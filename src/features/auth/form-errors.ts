import type { UseFormReturnType } from '@mantine/form';
import { applyServerFieldErrors } from '../../lib/form-validation';
import { notifyError } from '../../lib/query-client';

/**
 * A failed form call: the server's field errors go onto the fields; only when none fits a field
 * does the usual toast appear (the same text twice would be noise). Use with `meta: { silent: true }`.
 */
export function showFormError<T extends object>(form: UseFormReturnType<T>, error: unknown): void {
  if (!applyServerFieldErrors(form, error)) notifyError(error);
}
