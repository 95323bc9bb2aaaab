/**
 * The handlers of the contract's operations, by operationId. An operation missing here answers
 * 501 FEATURE_NOT_IMPLEMENTED; tests/api/not-implemented.test.ts lists which ones still do.
 */
import type { RouteHandler } from '../app';
import type { OperationId } from '../platform/contract';

export const handlers: Partial<Record<OperationId, RouteHandler>> = {};
