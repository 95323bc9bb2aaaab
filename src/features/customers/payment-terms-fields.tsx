/**
 * A customer's own payment terms in the customer form (decision 0032): days until due, and
 * optionally a cash discount (percent and days, both or neither, the discount days at most the
 * days). All empty means the firm's terms apply ("Firmenstandard"); the customer's terms replace
 * the firm's as a whole. Read and written with `Payments/GetCustomerTerms` and `SetCustomerTerms`
 * (Owner, Admin, Manager).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Fieldset, NumberInput, SimpleGrid, Text } from '@mantine/core';
import type { PaymentTerms } from '../../../generated/api/types.gen';

type Value = number | '';
export interface TermsValues {
  days: Value;
  discountPercent: Value;
  discountDays: Value;
}
export type TermsErrors = Partial<Record<keyof TermsValues, string>>;

export const termsToValues = (terms: PaymentTerms | null | undefined): TermsValues => ({
  days: terms?.days ?? '',
  discountPercent: terms?.discountPercent ?? '',
  discountDays: terms?.discountDays ?? '',
});

/** The terms to store, or null for the firm's. */
export function valuesToTerms(values: TermsValues): PaymentTerms | null {
  if (values.days === '' && values.discountPercent === '' && values.discountDays === '') return null;
  return {
    days: values.days === '' ? 0 : values.days,
    discountPercent: values.discountPercent === '' ? null : values.discountPercent,
    discountDays: values.discountDays === '' ? null : values.discountDays,
  };
}

export const sameTerms = (a: TermsValues, b: TermsValues) => JSON.stringify(valuesToTerms(a)) === JSON.stringify(valuesToTerms(b));

/** The rules the server checks, said at the fields. */
export function useTermsValidation() {
  const { t } = useLingui();
  return (values: TermsValues): TermsErrors => {
    const errors: TermsErrors = {};
    const empty = values.days === '' && values.discountPercent === '' && values.discountDays === '';
    if (empty) return errors;
    if (values.days === '') errors.days = t`Enter the days, or leave all three empty for the firm's terms.`;
    else if (!Number.isInteger(values.days) || values.days < 0 || values.days > 365) errors.days = t`Whole days from 0 to 365.`;
    if (values.discountPercent !== '' && (values.discountPercent <= 0 || values.discountPercent > 99.99)) errors.discountPercent = t`More than 0 and at most 99.99 %.`;
    if ((values.discountPercent === '') !== (values.discountDays === '')) {
      if (values.discountPercent === '') errors.discountPercent = t`A cash discount needs percent and days.`;
      else errors.discountDays = t`A cash discount needs percent and days.`;
    }
    if (values.discountDays !== '') {
      if (!Number.isInteger(values.discountDays) || values.discountDays < 0 || values.discountDays > 365) errors.discountDays = t`Whole days from 0 to 365.`;
      else if (values.days !== '' && values.discountDays > values.days) errors.discountDays = t`At most the days until due.`;
    }
    return errors;
  };
}

export function PaymentTermsFields({
  values,
  errors,
  onChange,
  disabled,
}: {
  values: TermsValues;
  errors: TermsErrors;
  onChange: (values: TermsValues) => void;
  disabled: boolean;
}) {
  const { t, i18n } = useLingui();
  const decimal = i18n.locale === 'de' ? ',' : '.';
  const number = (value: string | number): Value => (typeof value === 'number' ? value : '');
  return (
    <Fieldset legend={t`Payment terms`} variant="unstyled" data-testid="customer-terms" disabled={disabled}>
      <Text fz="xs" c="dimmed" mb={6}>
        <Trans>Empty: the firm's standard terms. The customer's terms replace them as a whole.</Trans>
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <NumberInput
          label={t`Payment due (days)`}
          placeholder={t`Firm standard`}
          min={0}
          max={365}
          allowDecimal={false}
          allowNegative={false}
          value={values.days}
          error={errors.days}
          onChange={(value) => onChange({ ...values, days: number(value) })}
        />
        <NumberInput
          label={t`Cash discount (%)`}
          placeholder={t`None`}
          min={0}
          max={99.99}
          decimalScale={2}
          decimalSeparator={decimal}
          allowNegative={false}
          value={values.discountPercent}
          error={errors.discountPercent}
          onChange={(value) => onChange({ ...values, discountPercent: number(value) })}
        />
        <NumberInput
          label={t`Cash discount within (days)`}
          placeholder={t`None`}
          min={0}
          max={365}
          allowDecimal={false}
          allowNegative={false}
          value={values.discountDays}
          error={errors.discountDays}
          onChange={(value) => onChange({ ...values, discountDays: number(value) })}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
