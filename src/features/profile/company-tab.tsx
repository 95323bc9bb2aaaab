/**
 * The Company tab of /profile: the firm's name, address, contact, tax and bank details and its
 * invoicing defaults (`Management/GetTenant`, `UpdateTenant`). Invoices and the customer form read
 * them. Owner, Admin and Manager edit; Employees read. IBAN, BIC and VAT id may be typed with
 * spaces and in lower case; the server checks IBAN digits, the zone and the VAT id, and its field
 * errors land on the fields.
 *
 * The form's code (company-form.tsx: zod, @mantine/form, the number inputs, 45 KiB gzip) is asked
 * for when the tab mounts, beside the firm's data: both arrive in about one round trip, and the
 * page around them paints without waiting for either.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Loader, Stack } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { managementGetTenantOptions } from '../../../generated/api/@tanstack/react-query.gen';
import { EmptyState } from '../../components/empty-state';
import { hasRoles, useIsBackOffice } from '../../lib/session';

const loadCompanyForm = () => import('./company-form');
const CompanyForm = lazy(() => import('./company-form').then((module) => ({ default: module.CompanyForm })));
const PaymentSettingsCard = lazy(() => import('../payments/payment-settings-card').then((module) => ({ default: module.PaymentSettingsCard })));

function Loading() {
  const { t } = useLingui();
  return (
    <Group justify="center" py="xl">
      <Loader role="status" aria-label={t`Loading`} />
    </Group>
  );
}

export function CompanyTab() {
  const editable = useIsBackOffice();
  const query = useQuery(managementGetTenantOptions());
  // Asked for with the data, not after it: a failure shows when the form renders (the route's error screen).
  useEffect(() => void loadCompanyForm().catch(() => undefined), []);
  if (query.isPending) return <Loading />;
  const tenant = query.data?.data;
  if (!tenant) {
    return (
      <EmptyState bare icon={IconBuildingStore} title={<Trans>The company details could not be loaded</Trans>}>
        <Trans>Please try again in a moment.</Trans>
      </EmptyState>
    );
  }
  return (
    <Suspense fallback={<Loading />}>
      <Stack gap="lg">
        <CompanyForm key={tenant.id} tenant={tenant} editable={editable} />
        {/* Payment terms, mail texts and DATEV: Owner and Admin (decision 0032). */}
        {hasRoles(['Owner', 'Admin']) ? <PaymentSettingsCard /> : null}
      </Stack>
    </Suspense>
  );
}
