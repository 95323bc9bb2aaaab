/**
 * First-run onboarding of a new firm: the Owner who has not given a name yet is asked for the
 * company name (prefilled with the name derived from the sign-up e-mail), their first and last
 * name and the default hourly rate, so that people appear by name and invoices have a rate. "Later"
 * keeps it closed on this device; the profile holds the same fields.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Loader, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import {
  managementGetTenantOptions,
  managementGetTenantQueryKey,
  managementUpdateTenantMutation,
  usersUpdateMeMutation,
} from '../../../generated/api/@tanstack/react-query.gen';
import type { Tenant } from '../../../generated/api/types.gen';
import { applyServerFieldErrors, zodFormValidator } from '../../lib/form-validation';
import { showSuccess } from '../../lib/notifications';
import { envelopeOf } from '../../lib/query-keys';
import { notifyError } from '../../lib/query-client';
import { updateSession, useSession } from '../../lib/session';
import { tenantToValues, valuesToBody } from './company-values';
import { dismissedKey } from './onboarding';

const schema = z.object({
  companyName: z.string().trim().min(1).max(100),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  defaultHourlyRate: z.number().min(0).max(10000),
});

function OnboardingForm({ tenant, onDone }: { tenant: Tenant; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { companyName: tenant.companyName ?? tenant.name, firstName: '', lastName: '', defaultHourlyRate: tenant.defaultHourlyRate as number | '' },
    validate: zodFormValidator(schema) as never,
  });
  const me = useMutation({ ...usersUpdateMeMutation(), meta: { silent: true } });
  const firm = useMutation({ ...managementUpdateTenantMutation(), meta: { silent: true } });
  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await me.mutateAsync({ body: { firstName: values.firstName.trim(), lastName: values.lastName.trim() } });
      updateSession({ firstName: saved.data.firstName, lastName: saved.data.lastName });
      const companyName = values.companyName.trim();
      const body = valuesToBody({
        ...tenantToValues(tenant),
        name: companyName.slice(0, 100),
        companyName,
        defaultHourlyRate: values.defaultHourlyRate === '' ? tenant.defaultHourlyRate : values.defaultHourlyRate,
      });
      const updated = await firm.mutateAsync({ body });
      queryClient.setQueryData(managementGetTenantQueryKey(), envelopeOf(updated.data));
      showSuccess(t`Welcome, ${values.firstName.trim()}! Your company is set up.`);
      onDone();
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) notifyError(error);
    }
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          <Trans>Three details and you are ready: your team sees you by name, and invoices use your hourly rate.</Trans>
        </Text>
        <TextInput label={t`Company name`} required maxLength={100} data-autofocus {...form.getInputProps('companyName')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t`First name`} required autoComplete="given-name" maxLength={100} {...form.getInputProps('firstName')} />
          <TextInput label={t`Last name`} required autoComplete="family-name" maxLength={100} {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <NumberInput
          label={t`Default hourly rate (net)`}
          suffix=" €"
          min={0}
          max={10000}
          decimalScale={2}
          decimalSeparator={i18n.locale === 'en' ? '.' : ','}
          thousandSeparator={i18n.locale === 'en' ? ',' : '.'}
          {...form.getInputProps('defaultHourlyRate')}
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onDone}>
            <Trans>Later</Trans>
          </Button>
          <Button type="submit" loading={me.isPending || firm.isPending}>
            <Trans>Get started</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function OnboardingDialog() {
  const { t } = useLingui();
  const session = useSession();
  const [open, setOpen] = useState(true);
  const tenant = useQuery(managementGetTenantOptions());
  const close = () => {
    if (session.userId) window.localStorage.setItem(dismissedKey(session.userId), new Date().toISOString());
    setOpen(false);
  };
  return (
    <Modal opened={open} onClose={close} title={t`Welcome to Fieldbook`} size="md">
      {tenant.data?.data ? (
        <OnboardingForm tenant={tenant.data.data} onDone={close} />
      ) : (
        <Group justify="center" py="lg">
          <Loader aria-label={t`Loading`} />
        </Group>
      )}
    </Modal>
  );
}
