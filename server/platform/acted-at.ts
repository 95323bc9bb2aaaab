/**
 * The moment a member acted (decision 0033). The app records changes offline and sends them later;
 * timers and clocking then carry `atUtc`, the moment of the tap, instead of the moment of sync. The
 * server takes it when it is plausible: at most `ACTED_AT_SKEW_MS` ahead of its own clock (a phone's
 * clock runs a little off) and not before the member's account was created.
 */
import type { Tx } from '../db/database';
import { getUser } from '../db/accounts';
import { AppError } from './errors';
import type { RequestContext } from './context';
import type { MessageKey } from './i18n';

export const ACTED_AT_SKEW_MS = 60_000;

const refuse = (key: MessageKey) => new AppError('VALIDATION_ERROR', 'VALIDATION_ERROR', { fieldErrors: { atUtc: [key] } });

/** `atUtc` checked for plausibility, or the request's now without it. */
export async function actedAt(tx: Tx, ctx: RequestContext, atUtc: string | null | undefined): Promise<Date> {
  if (atUtc === undefined || atUtc === null) return ctx.now;
  const at = new Date(atUtc);
  if (at.getTime() > ctx.now.getTime() + ACTED_AT_SKEW_MS) throw refuse('clientTime.future');
  const member = await getUser(tx, ctx.userId);
  if (!member || at.getTime() < member.createdAt.getTime()) throw refuse('clientTime.beforeMember');
  return at;
}
