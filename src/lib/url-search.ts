/**
 * The routes' URL search schemas: each parameter is optional and falls back to undefined (the
 * screen's default) when the URL holds nonsense, so a hand-edited or outdated link still opens
 * the screen.
 *
 * Plain functions, no schema library: every route's `validateSearch` is part of the app's entry
 * chunk, which every page loads first, the login included. Classic zod added about 20 KiB gzip to
 * it, `zod/mini` still about 13 (its core); these checks are a few hundred bytes (decision 0019).
 * The router has already decoded the values (`?page=2` is the number 2, `?kinds=["note"]` an array);
 * a parameter takes only its own type, as the zod schemas did. Forms over the generated contract
 * schemas load with their screens and keep zod.
 */

/** One search parameter: its value, or undefined when it is missing or not valid. */
export type Param<T> = (value: unknown) => T | undefined;

type Shape = Record<string, (value: unknown) => unknown>;
type Value<S extends Shape, K extends keyof S> = Exclude<ReturnType<S[K]>, undefined>;

/** The search a shape of parameters gives: optional, except parameters with a default. */
export type SearchOf<S extends Shape> = {
  [K in keyof S as undefined extends ReturnType<S[K]> ? K : never]?: Value<S, K>;
} & { [K in keyof S as undefined extends ReturnType<S[K]> ? never : K]: Value<S, K> };

/** What a link may pass: every parameter optional. */
type SearchInput<S extends Shape> = { [K in keyof S]?: Value<S, K> };

/** A route's `validateSearch`, with its shape to build larger schemas from. */
export type SearchSchema<S extends Shape> = ((search: SearchInput<S>) => SearchOf<S>) & { shape: S };

/** The search a schema gives (`z.infer` of the zod schemas this replaced). */
export type SearchType<T extends { shape: Shape }> = SearchOf<T['shape']>;

export function searchSchema<S extends Shape>(shape: S): SearchSchema<S> {
  const validate = (search: SearchInput<S>) => {
    const input = (search ?? {}) as Record<string, unknown>;
    const valid: Record<string, unknown> = {};
    for (const [key, param] of Object.entries(shape)) {
      const value = param(input[key]);
      if (value !== undefined) valid[key] = value;
    }
    return valid as SearchOf<S>;
  };
  return Object.assign(validate, { shape });
}

/** A whole number from `min` to `max`. */
export const intParam =
  (min: number, max: number): Param<number> =>
  (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : undefined;

/** A string of at most `maxLength` characters, matching `pattern` if given. */
export const stringParam =
  (maxLength: number, pattern?: RegExp): Param<string> =>
  (value) =>
    typeof value === 'string' && value.length <= maxLength && (!pattern || pattern.test(value)) ? value : undefined;

/** One of the given values, or undefined. */
export const oneOfParam =
  <const T extends readonly [string, ...string[]]>(values: T): Param<T[number]> =>
  (value) =>
    typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T[number]) : undefined;

/** A list of at most `maxLength` of the given values; undefined if any is not one of them. */
export const listOfParam =
  <const T extends readonly [string, ...string[]]>(values: T, maxLength: number): Param<T[number][]> =>
  (value) =>
    Array.isArray(value) && value.length <= maxLength && value.every((item) => (values as readonly string[]).includes(item))
      ? (value as T[number][])
      : undefined;

/** A value, or `fallback` when it is missing or not valid. */
export const withDefault =
  <T>(param: Param<T>, fallback: T) =>
  (value: unknown): T =>
    param(value) ?? fallback;

/** The same UUIDs zod's `z.uuid()` accepts (RFC 9562: version 1–8, variant 10; nil and max). */
const UUID = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

export const pageParam = intParam(1, 100000);
export const pageSizeParam = intParam(1, 100);
/** The free-text filter of a list. */
export const filterParam = stringParam(200);
/** A calendar day, `YYYY-MM-DD` (the manual range of a period). */
export const dayParam = stringParam(10, /^\d{4}-\d{2}-\d{2}$/);
export const flagParam: Param<boolean> = (value) => (typeof value === 'boolean' ? value : undefined);
export const uuidParam = stringParam(36, UUID);

/** An absolute http(s) URL (a payment page the server named). */
export const httpUrlParam: Param<string> = (value) => {
  if (typeof value !== 'string') return undefined;
  try {
    return /^https?:$/.test(new URL(value).protocol) ? value : undefined;
  } catch {
    return undefined;
  }
};
