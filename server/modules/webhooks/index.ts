/**
 * The Webhooks module's public face (decision 0044): the firm's webhooks, their deliveries and
 * re-sending. Events are stored by the modules where they happen, through `deps.jobs.webhookEvent`
 * (`platform/jobs.ts`), which also makes the attempts.
 */
export { webhooksHandlers } from './webhooks.handlers';
export { WebhooksService } from './webhooks.service';
