/**
 * The routes' URL search schemas are plain functions since the entry chunk lost zod (decision
 * 0019). They must answer exactly what the `zod/mini` schemas they replaced answered, for every
 * parameter and any value a URL can decode to: the old schemas are rebuilt here and both are run
 * over the same values.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { activityKinds, activitySearchSchema, gallerySearchSchema } from '../../src/features/activity/search';
import { reportSearchSchema } from '../../src/features/activity/report-search';
import { authSearchSchema, emailConfirmationSearchSchema, licenseExpiredSearchSchema, linkSearchSchema } from '../../src/features/auth/schemas';
import { customerListSearchSchema } from '../../src/features/customers/customer-search';
import { timeTrackingSearchSchema } from '../../src/features/time-tracking/search';
import { safeReturnUrl } from '../../src/lib/auth-guards';
import { boundedPeriodPresets, periodPresets } from '../../src/lib/periods';
import { intParam, searchSchema, withDefault } from '../../src/lib/url-search';

// The zod/mini building blocks as they were (src/lib/url-search.ts before).
const optionalParam = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => optionalParam(z.enum(values));
const page = optionalParam(z.int().check(z.minimum(1), z.maximum(100000)));
const pageSize = optionalParam(z.int().check(z.minimum(1), z.maximum(100)));
const filter = optionalParam(z.string().check(z.maxLength(200)));
const day = optionalParam(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)));
const flag = optionalParam(z.boolean());
const uuid = optionalParam(z.uuid());

const before = {
  list: z.object({ page, pageSize, filter, orderBy: oneOf(['displayName', 'city', 'phone', 'email', 'externalId', 'createdAtUtc']), desc: flag, archived: flag }),
  activity: z.object({
    page,
    pageSize,
    filter,
    state: oneOf(['open', 'processed', 'archived', 'all']),
    period: oneOf(periodPresets),
    from: day,
    to: day,
    kinds: optionalParam(z.array(z.enum(activityKinds)).check(z.maxLength(6))),
    asc: flag,
  }),
  gallery: z.object({
    page,
    customerId: uuid,
    category: oneOf(['before', 'after', 'damage', 'material', 'other']),
    processed: oneOf(['open', 'processed', 'all']),
    period: oneOf(periodPresets),
    from: day,
    to: day,
    filter,
  }),
  report: z.object({ view: oneOf(['entries', 'report']), subType: oneOf(['material', 'time', 'note']), processed: oneOf(['open', 'processed', 'all']) }),
  timeTracking: z.object({
    tab: oneOf(['working', 'customer']),
    member: optionalParam(z.union([z.literal('all'), z.uuid()])),
    period: oneOf(boundedPeriodPresets),
    from: day,
    to: day,
    grouping: oneOf(['day', 'week', 'month']),
    empty: flag,
    page,
    pageSize,
    filter,
  }),
  auth: z.object({ returnUrl: z.catch(z.pipe(z.optional(z.string()), z.transform((value) => safeReturnUrl(value))), undefined) }),
  license: z.object({
    reason: z.catch(z._default(z.enum(['trial', 'license']), 'trial'), 'trial'),
    role: optionalParam(z.string().check(z.maxLength(40))),
    checkoutUrl: optionalParam(z.url({ protocol: /^https?$/ })),
  }),
  emailConfirmation: z.object({ status: oneOf(['invalid', 'used', 'expired', 'replaced']) }),
  link: z.object({ userId: optionalParam(z.string().check(z.maxLength(64))), token: optionalParam(z.string().check(z.maxLength(512))) }),
  profile: z.object({ tab: z.catch(z._default(z.int().check(z.minimum(0), z.maximum(4)), 0), 0) }),
};

const now = {
  list: customerListSearchSchema,
  activity: activitySearchSchema,
  gallery: gallerySearchSchema,
  report: reportSearchSchema,
  timeTracking: timeTrackingSearchSchema,
  auth: authSearchSchema,
  license: licenseExpiredSearchSchema,
  emailConfirmation: emailConfirmationSearchSchema,
  link: linkSearchSchema,
  profile: searchSchema({ tab: withDefault(intParam(0, 4), 0) }),
};

/** Values a URL's search can decode to, and near misses of every parameter's rule. */
const values: unknown[] = [
  undefined, null, true, false, 0, 1, 4, 5, 2.5, -1, 100, 101, 100000, 100001, Number.NaN, Infinity,
  '', '1', 'abc', 'x'.repeat(40), 'x'.repeat(41), 'x'.repeat(64), 'x'.repeat(65), 'x'.repeat(200), 'x'.repeat(201), 'x'.repeat(512), 'x'.repeat(513),
  '2026-11-26', '2026-1-26', '2026-11-26T10:00', 'all', 'ALL',
  '3f0c2a9e-1b2c-4d3e-8f4a-5b6c7d8e9f00', '3F0C2A9E-1B2C-4D3E-8F4A-5B6C7D8E9F00', '3f0c2a9e-1b2c-9d3e-8f4a-5b6c7d8e9f00', '3f0c2a9e-1b2c-4d3e-cf4a-5b6c7d8e9f00',
  '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '3f0c2a9e1b2c4d3e8f4a5b6c7d8e9f00',
  'https://pay.example/c/1', 'http://localhost:5173/x', 'ftp://pay.example', 'javascript:alert(1)', 'https://', 'pay.example/c/1', 'mailto:a@b.de',
  '/customerlist', '//evil.example', '/\\evil.example', 'customerlist',
  ...periodPresets, 'thisWeek', 'working', 'customer', 'month', 'report', 'material', 'open', 'processed', 'archived', 'invalid', 'expired', 'trial', 'license',
  'displayName', 'city', 'note', ['note'], ['note', 'image'], ['note', 'bogus'], [...activityKinds], [...activityKinds, 'note'], [], ['x'], [1], { a: 1 },
];

describe('the URL search schemas', () => {
  for (const name of Object.keys(before) as Array<keyof typeof before>) {
    it(`answer what the zod schemas answered: ${name}`, () => {
      for (const key of Object.keys(before[name].shape)) {
        for (const value of values) {
          const input = value === undefined ? {} : { [key]: value };
          const expected = before[name].parse(input) as Record<string, unknown>;
          const actual = (now[name] as (search: unknown) => Record<string, unknown>)(input);
          expect(actual, `${name}.${key} = ${JSON.stringify(value)}`).toEqual(expected);
        }
      }
    });
  }

  it('keep only their own parameters, and each valid one of several', () => {
    expect(now.list({ page: 2, filter: 'müller', orderBy: 'nope', other: 'x' } as never)).toEqual({ page: 2, filter: 'müller' });
    expect(now.license({} as never)).toEqual({ reason: 'trial' });
  });
});
