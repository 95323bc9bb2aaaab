import { safeReturnUrl } from '../../lib/auth-guards';
import { httpUrlParam, oneOfParam, searchSchema, stringParam, withDefault } from '../../lib/url-search';

/** Search params of /login and /register: where to go after signing in (same-app paths only). */
export const authSearchSchema = searchSchema({ returnUrl: safeReturnUrl });

/** Search params of /license-expired. */
export const licenseExpiredSearchSchema = searchSchema({
  reason: withDefault(oneOfParam(['trial', 'license']), 'trial'),
  role: stringParam(40),
  checkoutUrl: httpUrlParam,
});

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Search params of /missing-email-confirmation and /terms-confirmation: where to go afterwards. */
export const returnUrlSearchSchema = authSearchSchema;

/** Search params of /email-confirmation: why the confirmation link did not work. */
export const emailConfirmationSearchSchema = searchSchema({
  status: oneOfParam(['invalid', 'used', 'expired', 'replaced']),
});

/** Search params of /password-reset and /set-password: the mailed link's user and token. */
export const linkSearchSchema = searchSchema({
  userId: stringParam(64),
  token: stringParam(512),
});
