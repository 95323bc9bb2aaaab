/** The tenant name of a sign-up: the part of the email before the @, without non-alphanumerics. */
export function deriveTenantName(email: string): string {
  const local = email.trim().split('@')[0] ?? '';
  return local.replace(/[^\p{L}\p{N}]/gu, '');
}
