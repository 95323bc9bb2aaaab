import { createFileRoute } from '@tanstack/react-router';
import { imagesGetAllOptions } from '../../../generated/api/@tanstack/react-query.gen';
import { GalleryScreen } from '../../features/activity/gallery-screen';
import { galleryQuery, gallerySearchSchema } from '../../features/activity/search';
import { useRouteSearch } from '../../lib/route-search';

export const Route = createFileRoute('/_app/gallery')({
  validateSearch: gallerySearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(imagesGetAllOptions({ query: galleryQuery(deps) })),
  component: GalleryPage,
});

function GalleryPage() {
  return <GalleryScreen {...useRouteSearch(Route)} />;
}
