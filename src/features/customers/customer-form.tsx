/**
 * Create and edit a customer in a modal (full screen on phones). The form checks what the contract
 * checks (generated zod schema) plus the name rule (a company name, or first and last name); the server's field errors land on
 * the fields. A failed update shows "Failed to update customer" for 3 s. The back office also sets
 * the customer's own payment terms here (payment-terms-fields.tsx), saved after the customer.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import {
  customersCreateMutation,
  customersUpdateMutation,
  paymentsGetCustomerTermsOptions,
  paymentsGetCustomerTermsQueryKey,
} from '../../../generated/api/@tanstack/react-query.gen';
import { paymentsSetCustomerTerms } from '../../../generated/api/sdk.gen';
import type { Customer } from '../../../generated/api/types.gen';
import { zCustomerCreate } from '../../../generated/api/zod.gen';
import { FormButtons, FormModal } from '../../components/form-modal';
import { toApiError } from '../../lib/api-error';
import { i18n as globalI18n } from '../../lib/i18n';
import { describeApiError, errorLabels } from '../../lib/error-messages';
import { applyServerFieldErrors, zodFormValidator } from '../../lib/form-validation';
import { showError, showSuccess } from '../../lib/notifications';
import { useIsBackOffice } from '../../lib/session';
import { PaymentTermsFields, sameTerms, termsToValues, useTermsValidation, valuesToTerms, type TermsErrors, type TermsValues } from './payment-terms-fields';
import { customerCreated, customerUpdated } from './api/cache';
import { countryOptions } from '../../lib/countries';
import { customerToValues, emptyCustomerValues, valuesToBody, type CustomerFormValues } from './customer-values';

const nameRuleMessage = msg`Please enter at least a company name or first/last name.`;

/** The form's rules: the contract's lengths and formats, and a company or a first and last name. */
function customerFormSchema() {
  const { shape } = zCustomerCreate;
  const nameRule = globalI18n._(nameRuleMessage);
  return z
    .object({
      companyName: shape.companyName,
      firstName: shape.firstName,
      lastName: shape.lastName,
      street: shape.street,
      zip: shape.zip,
      city: shape.city,
      country: z.string().length(2),
      phone: shape.phone,
      email: z.union([z.literal(''), z.email().max(254)]),
      hourlyRate: z.union([z.literal(''), z.number().gte(0).lte(10000)]),
      externalId: shape.externalId,
      leitwegId: z.string().max(46),
      vatId: z.string().max(24),
      business: z.boolean(),
    })
    .superRefine((values, ctx) => {
      const company = values.companyName?.trim();
      const person = values.firstName?.trim() && values.lastName?.trim();
      if (!company && !person) ctx.addIssue({ code: 'custom', path: ['companyName'], message: nameRule });
    });
}

const validateCustomer = (values: CustomerFormValues) => zodFormValidator(customerFormSchema())(values);

export function CustomerFormModal({
  opened,
  onClose,
  customer,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  /** The customer to edit; without one the form creates a customer. */
  customer?: Customer;
  onSaved?: (customer: Customer) => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title={customer ? <Trans>Edit customer</Trans> : <Trans>New customer</Trans>}>
      <CustomerForm key={customer?.id ?? 'new'} customer={customer} onDone={onClose} onSaved={onSaved} />
    </FormModal>
  );
}

function CustomerForm({ customer, onDone, onSaved }: { customer?: Customer; onDone: () => void; onSaved?: (c: Customer) => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const form = useForm<CustomerFormValues>({
    initialValues: customer ? customerToValues(customer) : emptyCustomerValues,
    validate: validateCustomer,
  });

  // The customer's own payment terms: the back office's, loaded for an existing customer.
  const backOffice = useIsBackOffice();
  const storedTerms = useQuery({
    ...paymentsGetCustomerTermsOptions({ path: { customerId: customer?.id ?? '' } }),
    enabled: backOffice && !!customer,
    meta: { silent: true },
  });
  const loadedTerms = termsToValues(storedTerms.data?.data);
  const [editedTerms, setTerms] = useState<TermsValues | null>(null);
  const terms = editedTerms ?? loadedTerms;
  const [termsErrors, setTermsErrors] = useState<TermsErrors>({});
  const validateTerms = useTermsValidation();
  const termsReady = !customer || storedTerms.isSuccess;
  const saveTerms = async (customerId: string) => {
    if (!backOffice || !termsReady || sameTerms(terms, loadedTerms)) return true;
    try {
      await paymentsSetCustomerTerms({ body: { customerId, terms: valuesToTerms(terms) }, throwOnError: true });
      await queryClient.invalidateQueries({ queryKey: paymentsGetCustomerTermsQueryKey({ path: { customerId } }) });
      return true;
    } catch (error) {
      showError(describeApiError(i18n, toApiError(error)), { title: t`The payment terms were not saved` });
      return false;
    }
  };

  const create = useMutation({
    ...customersCreateMutation(),
    onSuccess: async (answer) => {
      await customerCreated(queryClient, answer.data);
      // The customer exists now: the form closes even when its terms were refused (they are said in a toast).
      await saveTerms(answer.data.id);
      showSuccess(t`Customer created.`);
      onSaved?.(answer.data);
      onDone();
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });

  const update = useMutation({
    ...customersUpdateMutation(),
    meta: { silent: true },
    onSuccess: async (answer) => {
      await customerUpdated(queryClient, answer.data);
      if (!(await saveTerms(answer.data.id))) return;
      showSuccess(t`Customer saved.`);
      onSaved?.(answer.data);
      onDone();
    },
    onError: (error) => {
      applyServerFieldErrors(form, error);
      showError(describeApiError(i18n, toApiError(error)), { title: i18n._(errorLabels.updateCustomerFailed), autoClose: 3000 });
    },
  });

  // A new customer is a business while it has a company name, until the box is set by hand.
  const business = customer || form.isTouched('business') ? form.values.business : form.values.companyName.trim() !== '';

  const submit = form.onSubmit((values) => {
    const errors = backOffice ? validateTerms(terms) : {};
    setTermsErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const body = valuesToBody({ ...values, business });
    if (customer) update.mutate({ body: { ...body, id: customer.id } });
    else create.mutate({ body });
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <TextInput label={t`Company name`} autoComplete="organization" maxLength={200} data-autofocus {...form.getInputProps('companyName')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t`First name`} autoComplete="given-name" maxLength={100} {...form.getInputProps('firstName')} />
          <TextInput label={t`Last name`} autoComplete="family-name" maxLength={100} {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label={t`Street and number`} autoComplete="street-address" maxLength={200} {...form.getInputProps('street')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label={t`ZIP code`} autoComplete="postal-code" maxLength={10} {...form.getInputProps('zip')} />
          <TextInput label={t`City`} autoComplete="address-level2" maxLength={100} {...form.getInputProps('city')} />
          <Select
            label={t`Country`}
            searchable
            allowDeselect={false}
            data={countryOptions(i18n.locale)}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('country')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t`Phone`} type="tel" autoComplete="tel" maxLength={40} {...form.getInputProps('phone')} />
          <TextInput label={t`Email`} type="email" autoComplete="email" maxLength={254} {...form.getInputProps('email')} />
        </SimpleGrid>
        <Checkbox
          label={t`Business customer`}
          description={t`Not a private person. A business in another EU country with a VAT ID is invoiced with reverse charge.`}
          checked={business}
          onChange={(event) => {
            form.setFieldValue('business', event.currentTarget.checked);
            form.setTouched({ ...form.getTouched(), business: true });
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t`VAT ID`}
            description={t`With country prefix, e.g. ATU12345678`}
            placeholder="ATU12345678"
            maxLength={24}
            {...form.getInputProps('vatId')}
          />
          <TextInput
            label={t`Leitweg-ID`}
            description={t`Public customers: routing ID for XRechnung`}
            placeholder="04011000-1234512345-06"
            maxLength={46}
            {...form.getInputProps('leitwegId')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            label={t`Hourly rate`}
            description={t`Empty: the company's default rate`}
            min={0}
            max={10000}
            decimalScale={2}
            fixedDecimalScale={false}
            decimalSeparator={i18n.locale === 'de' ? ',' : '.'}
            thousandSeparator={i18n.locale === 'de' ? '.' : ','}
            suffix=" €"
            allowNegative={false}
            {...form.getInputProps('hourlyRate')}
          />
          <TextInput
            label={t`External id`}
            description={t`Customer number in another system`}
            maxLength={100}
            {...form.getInputProps('externalId')}
          />
        </SimpleGrid>
        {backOffice ? (
          <PaymentTermsFields
            values={terms}
            errors={termsErrors}
            disabled={!termsReady}
            onChange={(values) => {
              setTerms(values);
              setTermsErrors({});
            }}
          />
        ) : null}
        <FormButtons onCancel={onDone} saving={create.isPending || update.isPending} />
      </Stack>
    </form>
  );
}
