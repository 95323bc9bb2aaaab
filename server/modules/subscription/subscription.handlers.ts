/** Handlers of the Subscription calls, and the raw body the provider's webhook signature needs. */
import { pipeline, Transform, type Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers, OperationRouteOptionsMap } from '../../platform/handler';
import type { OperationBody as Body, OperationQuery as Query } from '../../platform/contract';
import { ok } from '../../platform/errors';
import { contextOf } from '../../platform/context';

const subscription = (request: FastifyRequest) => request.server.services.subscription;

/** Stripe events are small; anything larger is not one. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as received, for signatures over the exact bytes (the webhook only). */
    rawBody?: Buffer;
  }
}

export const subscriptionHandlers = {
  subscriptionGetSubscriptionDetails: async (request: Query<'subscriptionGetSubscriptionDetails'>) =>
    ok(await subscription(request).details(contextOf(request), request.query.tenantId)),
  subscriptionAssignLicense: async (request: Body<'subscriptionAssignLicense'>) =>
    ok(await subscription(request).assign(contextOf(request), request.body)),
  subscriptionRemoveLicenseAssignment: async (request: Body<'subscriptionRemoveLicenseAssignment'>) =>
    ok(await subscription(request).remove(contextOf(request), request.body)),
  subscriptionCreateCheckout: async (request: Body<'subscriptionCreateCheckout'>) =>
    ok(await subscription(request).checkout(contextOf(request), request.body)),
  subscriptionCreatePortalSession: async (request: Body<'subscriptionCreatePortalSession'>) =>
    ok(await subscription(request).portal(contextOf(request), request.body)),
  subscriptionStripeWebhook: async (request: FastifyRequest) =>
    ok(await subscription(request).webhook(request.rawBody, String(request.headers['stripe-signature'] ?? ''))),
} satisfies OperationHandlers;

export const subscriptionRouteOptions: OperationRouteOptionsMap = {
  subscriptionStripeWebhook: {
    bodyLimit: WEBHOOK_BODY_LIMIT,
    // The signature covers the exact bytes: a copy is kept as they pass to the JSON parser, which
    // still enforces the body limit.
    preParsing: async (request: FastifyRequest, _reply: unknown, payload: Readable) => {
      const chunks: Buffer[] = [];
      const copy = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done(null, chunk);
        },
        flush(done) {
          request.rawBody = Buffer.concat(chunks);
          done();
        },
      });
      // pipeline passes an aborted upload on as an error instead of leaving the parser waiting.
      return pipeline(payload, copy, () => undefined);
    },
  },
};
