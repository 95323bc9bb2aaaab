import type { FastifyInstance } from 'fastify';

/**
 * `/app-config.js`: the few settings the app needs before its first call (which external
 * sign-ins exist and where they start). Public values only; no secrets.
 */
export async function appConfigRoute(app: FastifyInstance) {
  app.get('/app-config.js', async (_request, reply) => {
    const { config } = app.deps;
    const provider = (p: typeof config.google) => (p ? { clientId: p.clientId, authUrl: p.authUrl } : null);
    const settings = {
      google: provider(config.google),
      apple: provider(config.apple),
      development: !config.isProduction,
    };
    return reply
      .type('application/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(`window.__FIELDBOOK_CONFIG__ = ${JSON.stringify(settings)};\n`);
  });
}
