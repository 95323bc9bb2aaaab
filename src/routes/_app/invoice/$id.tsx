import { createFileRoute } from '@tanstack/react-router';
import { invoiceGetIssuedOptions } from '../../../../generated/api/@tanstack/react-query.gen';
import { InvoicePageScreen } from '../../../features/invoice-register/invoice-page';
import { requireDashboard } from '../../../lib/auth-guards';

/** One issued invoice: for who sees the register (Owner, Admin, Manager). */
export const Route = createFileRoute('/_app/invoice/$id')({
  beforeLoad: requireDashboard,
  // Silent: the screen itself says when the invoice does not exist.
  loader: ({ context, params }) =>
    context.queryClient.prefetchQuery({ ...invoiceGetIssuedOptions({ path: { id: params.id } }), meta: { silent: true }, retry: false }),
  component: InvoicePage,
});

function InvoicePage() {
  const { id } = Route.useParams();
  return <InvoicePageScreen id={id} />;
}
