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

export type AuthSearch = z.infer<typeof authSearchSchema>;

/** Search params of /license-expired. */
export const licenseExpiredSearchSchema = z.object({
  role: z.string().max(40).optional().catch(undefined),
  checkoutUrl: z.url({ protocol: /^https?$/ }).optional().catch(undefined),
});

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
