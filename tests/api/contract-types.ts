/** Types of the contract the API tests share. */
import type { operations } from '../../generated/server/openapi';

/** The `orderBy` values an operation lists. */
export type OrderBy<K extends keyof operations> =
  NonNullable<operations[K]['parameters']['query']> extends { orderBy?: infer O } ? NonNullable<O> : never;

/** The query of an operation, every parameter optional (the tests fill in defaults). */
export type QueryOf<K extends keyof operations> = Partial<NonNullable<operations[K]['parameters']['query']>>;
