/**
 * The Subscription module's public face: licenses, trial and Stripe. Auth refuses a session
 * without a license by `licenseRefusal`.
 */
export { subscriptionHandlers, subscriptionRouteOptions } from './subscription.handlers';
export { SubscriptionService } from './subscription.service';
export { licenseRefusal } from './subscription.rules';
