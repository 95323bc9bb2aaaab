/**
 * First-run onboarding of a new firm: the Owner who has not given a name yet is asked for the
 * company name (prefilled with the name derived from the sign-up e-mail), their first and last
 * name and the default hourly rate, so that people appear by name and invoices have a rate. Then
 * the two optional consents, each with its reason: location stamps at start and stop (off until
 * granted, so clock-ins and timers record no position) and the AI features. "Later" keeps it
 * closed on this device; the profile holds the same fields and consents.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Loader, Modal, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconMapPin, IconSparkles } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import {
  managementGetTenantOptions,
  managementGetTenantQueryKey,
  managementUpdateTenantConsentMutation,
  managementUpdateTenantMutation,
  usersUpdateMeMutation,
} from '../../../generated/api/@tanstack/react-query.gen';
import type { Tenant } from '../../../generated/api/types.gen';
import { applyServerFieldErrors, zodFormValidator } from '../../lib/form-validation';
import { showSuccess } from '../../lib/notifications';
import { envelopeOf } from '../../lib/query-keys';
import { notifyError } from '../../lib/query-client';
import { consentChanged } from '../../lib/data-events';
import { updateSession, useSession } from '../../lib/session';
import { tenantToValues, valuesToBody } from './company-values';
import { dismissedKey } from './onboarding';

const schema = z.object({
  companyName: z.string().trim().min(1).max(100),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  defaultHourlyRate: z.number().min(0).max(10000),
});

function OnboardingForm({ tenant, onDone, onSaved }: { tenant: Tenant; onDone: () => void; onSaved: () => void }) {
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
      onSaved();
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

/** One optional consent with its reason, as a switch. */
function ConsentChoice({ icon, label, reason, checked, onChange }: { icon: React.ReactNode; label: string; reason: React.ReactNode; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        {icon}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Switch label={label} checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} fw={600} />
          <Text fz="sm" c="dimmed">
            {reason}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The optional consents: GPS and AI, each off unless the Owner turns it on. */
function ConsentsStep({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [gps, setGps] = useState(false);
  const [ai, setAi] = useState(false);
  const consent = useMutation({ ...managementUpdateTenantConsentMutation(), meta: { silent: true } });
  const save = async () => {
    try {
      // Only a grant is stored; declining leaves the consent as it is (never given).
      if (gps) await consent.mutateAsync({ body: { purpose: 'gps', granted: true } });
      if (ai) await consent.mutateAsync({ body: { purpose: 'ai', granted: true } });
      await consentChanged(queryClient);
      if (gps || ai) showSuccess(t`Your choice is saved. You can change it in the company profile under Consents.`);
      onDone();
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Stack gap="sm">
      <Text fz="sm" c="dimmed">
        <Trans>Two optional features need your firm’s consent. Without it they stay off; you can change this at any time in the company profile under Consents.</Trans>
      </Text>
      <ConsentChoice
        icon={<IconMapPin size={22} stroke={1.6} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />}
        label={t`Record the location at start and stop`}
        reason={
          <Trans>
            Clock-ins and customer timers then note where the device was when they started and stopped (if the device shares it), as proof of work on site. No
            movement profiles. Without the consent, no positions are recorded.
          </Trans>
        }
        checked={gps}
        onChange={setGps}
      />
      <ConsentChoice
        icon={<IconSparkles size={22} stroke={1.6} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />}
        label={t`Use AI features`}
        reason={
          <Trans>
            Dictation, summaries and invoice texts send notes and recordings to an AI service to make suggestions; nothing is applied without your confirmation.
            Without the consent, the AI features stay off.
          </Trans>
        }
        checked={ai}
        onChange={setAi}
      />
      <Group justify="flex-end" mt="xs">
        <Button onClick={() => void save()} loading={consent.isPending}>
          {gps || ai ? <Trans>Save and finish</Trans> : <Trans>Finish without these features</Trans>}
        </Button>
      </Group>
    </Stack>
  );
}

export default function OnboardingDialog() {
  const { t } = useLingui();
  const session = useSession();
  const [open, setOpen] = useState(true);
  const [step, setStep] = useState<'details' | 'consents'>('details');
  const tenant = useQuery(managementGetTenantOptions());
  const close = () => {
    if (session.userId) window.localStorage.setItem(dismissedKey(session.userId), new Date().toISOString());
    setOpen(false);
  };
  return (
    <Modal opened={open} onClose={close} title={step === 'details' ? t`Welcome to Fieldbook` : t`Location and AI`} size="md">
      {step === 'consents' ? (
        <ConsentsStep onDone={close} />
      ) : tenant.data?.data ? (
        <OnboardingForm tenant={tenant.data.data} onDone={close} onSaved={() => setStep('consents')} />
      ) : (
        <Group justify="center" py="lg">
          <Loader role="status" aria-label={t`Loading`} />
        </Group>
      )}
    </Modal>
  );
}
