import { createFileRoute } from '@tanstack/react-router';
import { imagesGetAllOptions } from '../../../generated/api/@tanstack/react-query.gen';
import { GalleryScreen } from '../../features/activity/gallery-screen';
import { galleryQuery, gallerySearchSchema, type GallerySearch } from '../../features/activity/search';

export const Route = createFileRoute('/_app/gallery')({
  validateSearch: gallerySearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(imagesGetAllOptions({ query: galleryQuery(deps) })),
  component: GalleryPage,
});

function GalleryPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = (patch: Partial<GallerySearch>) => void navigate({ search: (current) => ({ ...current, ...patch }), replace: true });
  return <GalleryScreen search={search} onSearch={onSearch} />;
}
