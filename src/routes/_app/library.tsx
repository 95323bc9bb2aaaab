import { Trans } from '@lingui/react/macro';
import { IconBooks } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';

export const Route = createFileRoute('/_app/library')({
  component: LibraryPage,
});

function LibraryPage() {
  return (
    <>
      <PageHeader
        title={<Trans>Library</Trans>}
        description={<Trans>All entries of all customers, open, processed and archived.</Trans>}
      />
      <EmptyState icon={IconBooks} title={<Trans>No entries yet</Trans>}>
        <Trans>
          Times, notes, materials and photos of all customers will be listed here, filtered by
          period and by archive state, including entries archived after an invoice export.
        </Trans>
      </EmptyState>
    </>
  );
}
