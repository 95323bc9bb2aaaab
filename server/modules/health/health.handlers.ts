import type { FastifyInstance } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/availability';
import { metricsAccess } from '../../platform/metrics';

/**
 * Liveness and database reachability (`/health`); readiness for a load balancer (`/ready`: 503
 * while starting or draining, or while the database does not answer); `/metrics` in Prometheus
 * text format (loopback or METRICS_TOKEN).
 */
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
  app.get('/ready', async (_request, reply) => {
    const state = app.lifecycle.state;
    const database = state === 'ready' && (await app.deps.database.ping());
    const ready = state === 'ready' && database;
    if (!ready) reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    return reply
      .status(ready ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send({ status: ready ? 'ready' : state === 'ready' ? 'database unreachable' : state });
  });
  app.get('/metrics', { onRequest: metricsAccess(app.deps.config) }, async (_request, reply) =>
    reply.type('text/plain; version=0.0.4').send(app.deps.metrics.render()),
  );
}
