/**
 * The search parameters of a catalog list in the URL (page, page size, filter, sort, archived),
 * each falling back to its default when the URL holds nonsense, and the `GetAll` query from them.
 */
import { z } from 'zod';

export function listSearchSchema<const C extends readonly [string, ...string[]]>(sortColumns: C) {
  return z.object({
    page: z.number().int().min(1).max(100000).optional().catch(undefined),
    pageSize: z.number().int().min(1).max(100).optional().catch(undefined),
    filter: z.string().max(200).optional().catch(undefined),
    orderBy: z.enum(sortColumns).optional().catch(undefined),
    desc: z.boolean().optional().catch(undefined),
    archived: z.boolean().optional().catch(undefined),
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
