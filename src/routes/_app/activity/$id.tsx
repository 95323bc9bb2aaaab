import { Trans } from '@lingui/react/macro';
import { IconArrowLeft, IconTimeline } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { ButtonLink } from '../../../components/router-links';

export const Route = createFileRoute('/_app/activity/$id')({
  component: ActivityPage,
});

function ActivityPage() {
  return (
    <>
      <PageHeader
        title={<Trans>Customer activity</Trans>}
        description={<Trans>Open billable positions of one customer and their invoice.</Trans>}
        actions={
          <ButtonLink to="/customerlist" variant="default" leftSection={<IconArrowLeft size={16} />}>
            <Trans>All customers</Trans>
          </ButtonLink>
        }
      />
      <EmptyState icon={IconTimeline} title={<Trans>No activities yet</Trans>}>
        <Trans>
          This customer's times, notes, materials and photos will be listed here by period, ready
          to be marked as processed, previewed as an invoice and exported.
        </Trans>
      </EmptyState>
    </>
  );
}
