import * as z from 'zod/mini';
import { safeReturnUrl } from '../../lib/auth-guards';
import { oneOfParam, optionalParam } from '../../lib/url-search';

/** Search params of /login and /register: where to go after signing in (same-app paths only). */
export const authSearchSchema = z.object({
  returnUrl: z.catch(
    z.pipe(
      z.optional(z.string()),
      z.transform((value) => safeReturnUrl(value)),
    ),
    undefined,
  ),
});

/** Search params of /license-expired. */
export const licenseExpiredSearchSchema = z.object({
  reason: z.catch(z._default(z.enum(['trial', 'license']), 'trial'), 'trial'),
  role: optionalParam(z.string().check(z.maxLength(40))),
  checkoutUrl: optionalParam(z.url({ protocol: /^https?$/ })),
});

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Search params of /missing-email-confirmation and /terms-confirmation: where to go afterwards. */
export const returnUrlSearchSchema = authSearchSchema;

/** Search params of /email-confirmation: why the confirmation link did not work. */
export const emailConfirmationSearchSchema = z.object({
  status: oneOfParam(['invalid', 'used', 'expired', 'replaced']),
});

/** Search params of /password-reset and /set-password: the mailed link's user and token. */
export const linkSearchSchema = z.object({
  userId: optionalParam(z.string().check(z.maxLength(64))),
  token: optionalParam(z.string().check(z.maxLength(512))),
});
