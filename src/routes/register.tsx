import { createFileRoute } from '@tanstack/react-router';
import { AuthScreen } from '../features/auth/auth-screen';
import { authSearchSchema } from '../features/auth/schemas';

export const Route = createFileRoute('/register')({
  validateSearch: authSearchSchema,
  component: RegisterPage,
});

function RegisterPage() {
  const { returnUrl } = Route.useSearch();
  return <AuthScreen tab="register" returnUrl={returnUrl} />;
}
