/**
 * The moment a member acted (decisions 0033 and 0043). The app records changes offline and sends
 * them later; every queued create carries the moment of the tap instead of the moment of sync.
 * The server takes it when it is plausible:
 * - timers and clocking (`atUtc`) and signed work confirmations (`createdAtUtc`, signed on the
 *   member's device): at most `ACTED_AT_SKEW_MS` ahead of its own clock (a phone's clock runs a
 *   little off) and not before the member's account was created (`actedAt`);
 * - notes, materials and time entries (`occurredAtUtc`) and photos (`createdAtUtc`): not in the
 *   future only (`notInFuture`), since they record when something happened on site, which may be
 *   before the member had an account (an entry recorded late, a photo from the camera roll).
 */
import type { Tx } from '../db/database';
import { getUser } from '../db/accounts';
import { AppError } from './errors';
import type { RequestContext } from './context';
import type { MessageKey } from './i18n';

export const ACTED_AT_SKEW_MS = 60_000;

const refuse = (field: string, key: MessageKey) => new AppError('VALIDATION_ERROR', 'VALIDATION_ERROR', { fieldErrors: { [field]: [key] } });

/** The moment (`field`, default `atUtc`) checked for plausibility, or the request's now without it. */
export async function actedAt(tx: Tx, ctx: RequestContext, atUtc: string | Date | null | undefined, field = 'atUtc'): Promise<Date> {
  if (atUtc === undefined || atUtc === null) return ctx.now;
  const at = notInFuture(ctx, new Date(atUtc), field);
  const member = await getUser(tx, ctx.userId);
  if (!member || at.getTime() < member.createdAt.getTime()) throw refuse(field, 'clientTime.beforeMember');
  return at;
}

/** A recorded moment that may lie before the member's account, but not ahead of the server's clock. */
export function notInFuture(ctx: RequestContext, at: Date, field: string): Date {
  if (at.getTime() > ctx.now.getTime() + ACTED_AT_SKEW_MS) throw refuse(field, 'clientTime.future');
  return at;
}
