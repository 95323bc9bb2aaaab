import type { FastifyInstance } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/availability';
import { metricsAccess } from '../../platform/metrics';

/** Liveness and database reachability; `/metrics` in Prometheus text format (loopback or METRICS_TOKEN). */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', async (_request, reply) => {
    const database = await app.deps.database.ping();
    if (!database) reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    return reply.status(database ? 200 : 503).send({
      status: database ? 'ok' : 'degraded',
      server: 'ok',
      database: database ? 'ok' : 'unreachable',
      uptimeSeconds: Math.round(process.uptime()),
    });
  });
  app.get('/metrics', { onRequest: metricsAccess(app.deps.config) }, async (_request, reply) =>
    reply.type('text/plain; version=0.0.4').send(app.deps.metrics.render()),
  );
}
