import type { FastifyInstance } from 'fastify';

/**
 * Development only (never registered in production): the mail outbox that `/development` shows
 * when no SMTP server is configured. Outside the contract on purpose: no product call.
 */
export async function developmentRoutes(app: FastifyInstance) {
  app.get('/dev/outbox', async () => ({
    usesOutbox: app.deps.mailer.usesOutbox,
    mails: app.deps.mailer.outbox(50),
  }));
}
