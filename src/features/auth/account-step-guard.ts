/**
 * Guards of the account steps outside the layout (/missing-email-confirmation,
 * /terms-confirmation): a session is needed, and a step already done sends the user on.
 */
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { accountDecision, nextPathAfterSignIn, requireAuth } from '../../lib/auth-guards';
import { getSession } from '../../lib/session';

export async function requireAccountStep(
  step: '/missing-email-confirmation' | '/terms-confirmation',
  { location, returnUrl }: { location: ParsedLocation; returnUrl?: string },
): Promise<void> {
  await requireAuth({ location });
  const session = getSession();
  const missing = accountDecision(session);
  if (missing === step) return;
  // Terms can be accepted while the email is still unconfirmed; the email step comes first otherwise.
  if (step === '/terms-confirmation' && !session.termsConfirmed) return;
  throw redirect({ href: nextPathAfterSignIn(session, returnUrl), replace: true });
}
