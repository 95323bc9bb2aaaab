/**
 * Building blocks of the routes' URL search schemas: each parameter is optional and falls back to
 * undefined (the screen's default) when the URL holds nonsense, so a hand-edited or outdated link
 * still opens the screen.
 *
 * Built with `zod/mini`, whose checks are functions a bundle keeps only when used: every route's
 * `validateSearch` is part of the app's entry chunk, and classic zod (one class with every method)
 * added about 20 KiB gzip to every page, the login included (decision 0019). Forms over the
 * generated contract schemas load with their screens and keep classic zod.
 */
import * as z from 'zod/mini';

/** An optional parameter: undefined when it is missing or not valid. */
export function optionalParam<T extends z.ZodMiniType>(schema: T) {
  return z.catch(z.optional(schema), undefined);
}

/** One of the given values, or undefined. */
export function oneOfParam<const T extends readonly [string, ...string[]]>(values: T) {
  return optionalParam(z.enum(values));
}

export const pageParam = optionalParam(z.int().check(z.minimum(1), z.maximum(100000)));
export const pageSizeParam = optionalParam(z.int().check(z.minimum(1), z.maximum(100)));
/** The free-text filter of a list. */
export const filterParam = optionalParam(z.string().check(z.maxLength(200)));
/** A calendar day, `YYYY-MM-DD` (the manual range of a period). */
export const dayParam = optionalParam(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)));
export const flagParam = optionalParam(z.boolean());
export const uuidParam = optionalParam(z.uuid());
