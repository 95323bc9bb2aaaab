/**
 * The handlers of the contract's operations, by operationId. An operation missing here answers
 * 501 FEATURE_NOT_IMPLEMENTED; tests/api/foundation.test.ts lists which ones still do.
 */
import type { OperationHandlers, OperationRouteOptionsMap } from '../platform/handler';
import { authHandlers } from './auth';
import { usersHandlers } from './users';
import { managementHandlers } from './management';
import { customersHandlers, customersRouteOptions } from './customers';
import { productsHandlers, productsRouteOptions } from './products';
import { timeTracksHandlers } from './time-tracks';
import { userTimeTracksHandlers } from './user-time-tracks';
import { informationHandlers } from './information';
import { imagesHandlers } from './images';
import { workConfirmationsHandlers } from './work-confirmations';
import { customerActivitiesHandlers } from './customer-activities';
import { invoiceHandlers, issuedInvoicesHandlers } from './invoice';
import { subscriptionHandlers, subscriptionRouteOptions } from './subscription';
import { localisationHandlers } from './localisation';
import { externalSystemHandlers } from './external-system';
import { aiHandlers } from './ai';
import { paymentsHandlers } from './payments';
import { apiKeysHandlers } from './api-keys';
import { webhooksHandlers } from './webhooks';

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
  ...apiKeysHandlers,
  ...webhooksHandlers,
};

/** Fastify route options of single operations, such as the larger body limit of the imports. */
export const routeOptions: OperationRouteOptionsMap = {
  ...customersRouteOptions,
  ...productsRouteOptions,
  ...subscriptionRouteOptions,
};
