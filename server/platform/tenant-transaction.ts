/**
 * The one way a service opens its tenant's transaction (decisions 0002 and 0030): every query of a
 * request runs inside it, where `app.tenant_id` is set and row-level security keeps the other
 * tenants' rows out of reach. The tenant is the request context's (or, before there is a session,
 * the account's that was looked up), never an id from the request's body.
 */
import type { Database, Tx } from '../db/database';
import type { RequestContext } from './context';

export function inTenant<T>(database: Database, ctx: Pick<RequestContext, 'tenantId'>, work: (tx: Tx) => Promise<T>): Promise<T> {
  return database.withTenant(ctx.tenantId, work);
}
