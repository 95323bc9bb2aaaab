import { z } from 'zod';
import { safeReturnUrl } from '../../lib/auth-guards';

/** Search params of /login and /register: where to go after signing in (same-app paths only). */
export const authSearchSchema = z.object({
  returnUrl: z
    .string()
    .optional()
    .transform((value) => safeReturnUrl(value))
    .catch(undefined),
});

/** Search params of /license-expired. */
export const licenseExpiredSearchSchema = z.object({
  reason: z.enum(['trial', 'license']).default('trial').catch('trial'),
  role: z.string().max(40).optional().catch(undefined),
  checkoutUrl: z.url({ protocol: /^https?$/ }).optional().catch(undefined),
});

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Search params of /missing-email-confirmation and /terms-confirmation: where to go afterwards. */
export const returnUrlSearchSchema = authSearchSchema;

/** Search params of /email-confirmation: why the confirmation link did not work. */
export const emailConfirmationSearchSchema = z.object({
  status: z.enum(['invalid', 'used', 'expired', 'replaced']).optional().catch(undefined),
});

/** Search params of /password-reset and /set-password: the mailed link's user and token. */
export const linkSearchSchema = z.object({
  userId: z.string().max(64).optional().catch(undefined),
  token: z.string().max(512).optional().catch(undefined),
});
