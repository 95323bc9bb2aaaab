import type { FastifyInstance } from 'fastify';
import { errorEnvelope } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { isLoopbackClient } from '../../platform/security-headers';

/**
 * The mail outbox that `/development` shows when no SMTP server is configured. It lists every
 * tenant's mails with their sign-in links, so it answers only clients on this machine outside
 * production without SMTP, or everyone when DEV_OUTBOX=true says so (warned about at start).
 * Everyone else gets the plain 404 of an unknown path. Outside the contract on purpose.
 */
export async function developmentRoutes(app: FastifyInstance) {
  const { devOutbox } = app.deps.config;
  if (devOutbox === 'nobody') return;
  if (devOutbox === 'everyone') {
    app.log.warn('DEV_OUTBOX=true: /dev/outbox shows every mail, sign-in links included, to anyone who can reach this server');
  }
  app.get('/dev/outbox', async (request, reply) => {
    if (devOutbox === 'loopback' && !isLoopbackClient(request)) {
      return reply.status(404).send(errorEnvelope('NOT_FOUND', translate(request.lang, 'api.notFound')));
    }
    return reply.header('Cache-Control', 'no-store').send({
      usesOutbox: app.deps.mailer.usesOutbox,
      mails: app.deps.mailer.outbox(50),
    });
  });
}
