/**
 * Invoicing: for now the processed and archived marks (`MarkActivitiesAsProcessed`, by ids or by
 * filter); preview and export build on them later.
 *
 * - Processed = `processed_at` or `archived_at` set; a processed entry keeps its first mark.
 *   Archived entries are read-only and hidden from open activities.
 * - Marking is allowed on entries locked by a work confirmation: their content does not change.
 * - By ids it is all or nothing: an unknown id (or another tenant's) answers 404, a running timer
 *   409, and nothing is marked. By filter, running timers are simply left out.
 * - Every changed entry gets an audit row in the same transaction.
 */
import type { components } from '../../../generated/server/openapi';
import type { Deps } from '../../app';
import type { Tx } from '../../db/database';
import type { RequestContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { findCustomer } from '../customers/customers.repository';
import { lockByIds, markRows, type MarkKind, type MarkSelection } from './invoice.repository';

export type InvoiceActivityCounts = components['schemas']['InvoiceActivityCounts'];
export type InvoiceMarkProcessedRequest = components['schemas']['InvoiceMarkProcessedRequest'];
export type InvoiceMarkProcessedByFilterRequest = components['schemas']['InvoiceMarkProcessedByFilterRequest'];

const fieldOf: Record<MarkKind, string> = { information: 'informationIds', timeTrack: 'timeTrackIds', image: 'imageIds' };

const unique = (ids: string[] | undefined) => [...new Set((ids ?? []).map((id) => id.toLowerCase()))];

export class InvoiceService {
  constructor(private readonly deps: Deps) {}

  private inTenant<T>(ctx: RequestContext, fn: (tx: Tx) => Promise<T>) {
    return this.deps.database.withTenant(ctx.tenantId, fn);
  }

  /** Marks exactly the entries given; answers how many of each kind are processed now. */
  async markProcessed(ctx: RequestContext, body: InvoiceMarkProcessedRequest): Promise<InvoiceActivityCounts> {
    const ids: Record<MarkKind, string[]> = {
      information: unique(body.informationIds),
      timeTrack: unique(body.timeTrackIds),
      image: unique(body.imageIds),
    };
    if (ids.information.length + ids.timeTrack.length + ids.image.length === 0) {
      throw new AppError('NO_ACTIVITIES_SELECTED', 'invoice.nothingSelected');
    }
    const archive = body.archive === true;
    const now = ctx.now;
    return this.inTenant(ctx, async (tx) => {
      const kinds: MarkKind[] = ['information', 'timeTrack', 'image'];
      // Read and lock every entry first: nothing is marked unless all of them may be.
      const missing: Record<string, string[]> = {};
      let running = false;
      for (const kind of kinds) {
        const found = await lockByIds(tx, ctx.tenantId, kind, ids[kind]);
        if (found.length < ids[kind].length) missing[fieldOf[kind]] = ['NOT_FOUND'];
        running ||= found.some((r) => r.running);
      }
      if (Object.keys(missing).length > 0) throw new AppError('NOT_FOUND', 'NOT_FOUND', { fieldErrors: missing });
      if (running) {
        throw new AppError('CONFLICT', 'invoice.runningTimeTrack', { fieldErrors: { timeTrackIds: ['invoice.runningTimeTrack'] } });
      }
      for (const kind of kinds) {
        const selection: MarkSelection = { kind: 'ids', ids: ids[kind] };
        await markRows(tx, ctx.tenantId, kind, selection, { archive, onlyOpen: false, actorId: ctx.userId, now });
      }
      return { informationCount: ids.information.length, timeTrackCount: ids.timeTrack.length, imageCount: ids.image.length, archived: archive };
    });
  }

  /** Marks every open entry of the customer (or of all) in the period; answers how many were marked. */
  async markProcessedByFilter(ctx: RequestContext, body: InvoiceMarkProcessedByFilterRequest): Promise<InvoiceActivityCounts> {
    const fromDate = body.fromDate ? new Date(body.fromDate) : undefined;
    const toDate = body.toDate ? new Date(body.toDate) : undefined;
    if (fromDate && toDate && toDate.getTime() <= fromDate.getTime()) {
      throw new AppError('END_BEFORE_START', 'invoice.periodInverted', { fieldErrors: { toDate: ['invoice.periodInverted'] } });
    }
    const archive = body.archive === true;
    const now = ctx.now;
    return this.inTenant(ctx, async (tx) => {
      if (body.customerId && !(await findCustomer(tx, ctx.tenantId, body.customerId))) throw notFound();
      const selection: MarkSelection = { kind: 'filter', customerId: body.customerId, fromDate, toDate };
      const options = { archive, onlyOpen: true, actorId: ctx.userId, now };
      return {
        informationCount: await markRows(tx, ctx.tenantId, 'information', selection, options),
        timeTrackCount: await markRows(tx, ctx.tenantId, 'timeTrack', selection, options),
        imageCount: await markRows(tx, ctx.tenantId, 'image', selection, options),
        archived: archive,
      };
    });
  }
}
