/**
 * The search parameters of a catalog list in the URL (page, page size, filter, sort, archived),
 * each falling back to its default when the URL holds nonsense, and the `GetAll` query from them.
 */
import { filterParam, flagParam, oneOfParam, pageParam, pageSizeParam, searchSchema } from './url-search';

export function listSearchSchema<const C extends readonly [string, ...string[]]>(sortColumns: C) {
  return searchSchema({
    page: pageParam,
    pageSize: pageSizeParam,
    filter: filterParam,
    orderBy: oneOfParam(sortColumns),
    desc: flagParam,
    archived: flagParam,
  });
}

export interface ListSearch<C extends string> {
  page?: number;
  pageSize?: number;
  filter?: string;
  orderBy?: C;
  desc?: boolean;
  archived?: boolean;
}

export interface ListQuery<C extends string> {
  page: number;
  pageSize: number;
  filter?: string;
  orderBy: C;
  isDescending: boolean;
  includeArchived: boolean;
}

export function listQuery<C extends string>(search: ListSearch<C>, defaultOrderBy: C): ListQuery<C> {
  return {
    page: search.page ?? 1,
    pageSize: search.pageSize ?? 10,
    filter: search.filter || undefined,
    orderBy: search.orderBy ?? defaultOrderBy,
    isDescending: search.desc ?? false,
    includeArchived: search.archived ?? false,
  };
}
