import { createFileRoute } from '@tanstack/react-router';
import { AuthScreen } from '../features/auth/auth-screen';
import { authSearchSchema } from '../features/auth/schemas';

export const Route = createFileRoute('/login')({
  validateSearch: authSearchSchema,
  component: LoginPage,
});

function LoginPage() {
  const { returnUrl } = Route.useSearch();
  return <AuthScreen tab="login" returnUrl={returnUrl} />;
}
