/**
 * The handlers of the contract's operations, by operationId. An operation missing here answers
 * 501 FEATURE_NOT_IMPLEMENTED; tests/api/foundation.test.ts lists which ones still do.
 */
import type { OperationHandlers, OperationRouteOptionsMap } from '../platform/handler';
import { authHandlers } from './auth/auth.handlers';
import { usersHandlers } from './users/users.handlers';
import { managementHandlers } from './management/management.handlers';
import { customersHandlers, customersRouteOptions } from './customers/customers.handlers';
import { productsHandlers, productsRouteOptions } from './products/products.handlers';
import { timeTracksHandlers } from './time-tracks/time-tracks.handlers';
import { userTimeTracksHandlers } from './user-time-tracks/user-time-tracks.handlers';
import { informationHandlers } from './information/information.handlers';
import { imagesHandlers } from './images/images.handlers';
import { workConfirmationsHandlers } from './work-confirmations/work-confirmations.handlers';
import { customerActivitiesHandlers } from './customer-activities/customer-activities.handlers';
import { invoiceHandlers } from './invoice/invoice.handlers';
import { issuedInvoicesHandlers } from './invoice/issued-invoices.handlers';
import { subscriptionHandlers, subscriptionRouteOptions } from './subscription/subscription.handlers';
import { localisationHandlers } from './localisation/localisation.handlers';
import { externalSystemHandlers } from './external-system/external-system.handlers';
import { aiHandlers } from './ai/ai.handlers';
import { paymentsHandlers } from './payments';

export const handlers: OperationHandlers = {
  ...authHandlers,
  ...usersHandlers,
  ...managementHandlers,
  ...customersHandlers,
  ...productsHandlers,
  ...timeTracksHandlers,
  ...userTimeTracksHandlers,
  ...informationHandlers,
  ...imagesHandlers,
  ...workConfirmationsHandlers,
  ...customerActivitiesHandlers,
  ...invoiceHandlers,
  ...issuedInvoicesHandlers,
  ...subscriptionHandlers,
  ...localisationHandlers,
  ...externalSystemHandlers,
  ...aiHandlers,
  ...paymentsHandlers,
};

/** Fastify route options of single operations, such as the larger body limit of the imports. */
export const routeOptions: OperationRouteOptionsMap = {
  ...customersRouteOptions,
  ...productsRouteOptions,
  ...subscriptionRouteOptions,
};
