/**
 * Configures the generated hey-api client (generated/api/client.gen.ts) once, at start-up:
 * same-origin base URL, cookies included, bearer token and device id from the session, and the
 * interceptors of src/lib/api-interceptors.ts. Every generated SDK function and TanStack Query
 * option uses this client. Calls throw (`throwOnError: true`) an ApiError, so TanStack Query sees
 * the failure and src/lib/query-client.ts shows the toast.
 */
import { client } from '../../generated/api/client.gen';
import { authToken, onError, onRequest, onResponse } from './api-interceptors';

let configured = false;

export function configureApiClient(): void {
  if (configured) return;
  configured = true;
  client.setConfig({
    baseUrl: '',
    credentials: 'include',
    throwOnError: true,
    auth: authToken,
  });
  client.interceptors.request.use((request, options) => onRequest(request, options.security));
  client.interceptors.response.use((response, request) => onResponse(response, request));
  client.interceptors.error.use((error, response) => onError(error, response));
}

export { client };
