/** Types of the contract the API tests share. */
import type { operations } from '../../generated/server/openapi';

/** The `orderBy` values an operation lists. */
export type OrderBy<K extends keyof operations> =
  NonNullable<operations[K]['parameters']['query']> extends { orderBy?: infer O } ? NonNullable<O> : never;
