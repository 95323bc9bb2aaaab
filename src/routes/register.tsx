import { createFileRoute } from '@tanstack/react-router';
import { AuthScreen } from '../features/auth/auth-screen';
import { authSearchSchema } from '../features/auth/schemas';
import { loadSignUpForm } from '../features/auth/sign-up-form-loader';

export const Route = createFileRoute('/register')({
  validateSearch: authSearchSchema,
  // The sign-up form loads beside the screen, not after it (auth-screen.tsx loads it lazily).
  loader: () => loadSignUpForm().then(() => undefined),
  component: RegisterPage,
});

function RegisterPage() {
  const { returnUrl } = Route.useSearch();
  return <AuthScreen tab="register" returnUrl={returnUrl} />;
}
