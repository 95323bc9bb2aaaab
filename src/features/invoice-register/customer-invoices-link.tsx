import { Trans } from '@lingui/react/macro';
import { IconFileInvoice } from '@tabler/icons-react';
import { ButtonLink } from '../../components/router-links';

/** "Invoices" on a customer's page: the register filtered to that customer. */
export function CustomerInvoicesLink({ customerId }: { customerId: string }) {
  return (
    <ButtonLink to="/invoicelist" search={{ customerId }} variant="default" leftSection={<IconFileInvoice size={16} />}>
      <Trans>Invoices</Trans>
    </ButtonLink>
  );
}
