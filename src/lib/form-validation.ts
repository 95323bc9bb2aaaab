/**
 * Forms over the generated zod schemas (style rule 8): `zodFormValidator` validates the values of
 * a @mantine/form with a zod schema and words every problem through Lingui, so a form shows the
 * same limits as the contract in the user's language; `applyServerFieldErrors` puts the field
 * errors of a failed call (the envelope's `errors`) onto the form's fields.
 */
import { t } from '@lingui/core/macro';
import type { UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { ApiError } from './api-error';

type Issue = z.core.$ZodIssue;

function issueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'too_big': {
      const limit = Number(issue.maximum);
      return issue.origin === 'string' ? t`At most ${limit} characters.` : t`At most ${limit}.`;
    }
    case 'too_small': {
      const limit = Number(issue.minimum);
      if (issue.origin === 'string') return limit <= 1 ? t`Required.` : t`At least ${limit} characters.`;
      return t`At least ${limit}.`;
    }
    case 'invalid_format':
      return issue.format === 'email' ? t`Enter a valid email address.` : t`This format is not valid.`;
    case 'invalid_type':
      return issue.expected === 'number' ? t`Enter a number.` : t`Required.`;
    case 'invalid_value':
      return t`Choose one of the offered values.`;
    case 'custom':
      // Custom rules (refine) bring their own, translated message.
      return issue.message;
    default:
      return t`This value is not valid.`;
  }
}

/** A `validate` function for `useForm` from a zod schema of the form's values. */
export function zodFormValidator<T>(schema: z.ZodType<T>) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.');
      errors[key] ??= issueMessage(issue);
    }
    return errors;
  };
}

/**
 * Puts the server's field errors onto the fields of the form (matched by name, case-insensitive,
 * the last part of a dotted name). Returns whether any field got an error.
 */
export function applyServerFieldErrors<T extends object>(form: UseFormReturnType<T>, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const fields = Object.keys(form.getValues());
  const errors: Record<string, string> = {};
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const last = key.split('.').pop() ?? key;
    const field = fields.find((f) => f.toLowerCase() === last.toLowerCase());
    if (field) errors[field] = messages.join(' ');
  }
  if (Object.keys(errors).length) form.setErrors(errors);
  return Object.keys(errors).length > 0;
}
