import type { FastifyInstance } from 'fastify';

/**
 * Apple answers sign-ins that ask for name and e-mail only with `response_mode=form_post`: it
 * POSTs `state`, `id_token` and (on the first sign-in) `user` to the redirect URI. This route
 * turns that POST into the same fragment answer Google gives (`/login-success#id_token=…`), so
 * the app checks state and nonce and calls HandleAppleLogin exactly as for Google.
 */
export async function appleCallbackRoute(app: FastifyInstance) {
  // Encapsulated: form bodies are accepted on this route only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.post('/login-success/apple', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string>;
    const fragment = new URLSearchParams();
    for (const key of ['id_token', 'state', 'error', 'user']) {
      if (typeof form[key] === 'string' && form[key].length <= 16_384) fragment.set(key, form[key]);
    }
    return reply.header('Cache-Control', 'no-store').redirect(`/login-success#${fragment}`, 303);
  });
}
