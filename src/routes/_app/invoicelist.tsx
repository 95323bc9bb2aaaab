import { createFileRoute } from '@tanstack/react-router';
import { invoiceListIssuedOptions } from '../../../generated/api/@tanstack/react-query.gen';
import { RegisterScreen } from '../../features/invoice-register/register-screen';
import { registerQuery, registerSearchSchema } from '../../features/invoice-register/register-search';
import { DatevExportButton } from '../../features/payments/datev-export';
import { requireDashboard } from '../../lib/auth-guards';
import { useRouteSearch } from '../../lib/route-search';
import { hasRoles, useSession } from '../../lib/session';

/** The register of issued invoices: who sees the dashboard (Owner, Admin, Manager); Employees go to the customer list. */
export const Route = createFileRoute('/_app/invoicelist')({
  beforeLoad: requireDashboard,
  validateSearch: registerSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(invoiceListIssuedOptions({ query: registerQuery(deps) })),
  component: RegisterPage,
});

function RegisterPage() {
  // The DATEV export is the Owner's and the Admin's (the tax advisor's file), as on the company tab.
  const datev = hasRoles(['Owner', 'Admin'], 'any', useSession());
  return <RegisterScreen {...useRouteSearch(Route)} headerActions={datev ? <DatevExportButton /> : undefined} />;
}
