import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { nextPathAfterSignIn } from '../../lib/auth-guards';
import { getSession } from '../../lib/session';
import { reloadAccountState } from './api/auth';

/**
 * "Continue" after an account step done elsewhere (the mail link): signed in, the token set is
 * renewed so its claims say what changed, then the next step or the start page opens; signed
 * out, the sign-in opens.
 */
export function useContinueSignedIn() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => (getSession().token ? reloadAccountState() : null),
    meta: { silent: true },
    onSuccess: (session) => {
      if (session) void navigate({ href: nextPathAfterSignIn(session), replace: true });
      else void navigate({ to: '/login', replace: true });
    },
    // The session could not be renewed (it was ended meanwhile): sign in again.
    onError: () => void navigate({ to: '/login', replace: true }),
  });
}
