import { Trans } from '@lingui/react/macro';
import { IconPhoto } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';

export const Route = createFileRoute('/_app/gallery')({
  component: GalleryPage,
});

function GalleryPage() {
  return (
    <>
      <PageHeader
        title={<Trans>Gallery</Trans>}
        description={<Trans>Photos taken on site, by customer and category.</Trans>}
      />
      <EmptyState icon={IconPhoto} title={<Trans>No photos yet</Trans>}>
        <Trans>
          Photos your team takes on site will be shown here by customer and category, with a
          description and the time and place they were taken.
        </Trans>
      </EmptyState>
    </>
  );
}
