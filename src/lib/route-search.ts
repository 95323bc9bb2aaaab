/** Screens get their route's search parameters and change them through one `onSearch(patch)`. */
import type { AnyRoute } from '@tanstack/react-router';

/**
 * The route's search and a setter that merges a patch into it, replacing the history entry (a
 * filter typed or a page turned is no step for the back button).
 */
export function useRouteSearch<R extends AnyRoute>(route: R) {
  type Search = R['types']['fullSearchSchema'];
  const search: Search = route.useSearch();
  // Typed for the route's own search: the router's type for any route cannot check a patch.
  const navigate = route.useNavigate() as (options: { search: (current: Search) => Search; replace: boolean }) => Promise<void>;
  const onSearch = (patch: Partial<Search>) =>
    void navigate({ search: (current) => ({ ...current, ...patch }), replace: true });
  return { search, onSearch };
}
