/** The firm's own wording of app texts: read by every member's app, set by the Owner. */
import type { Deps } from '../../platform/handler';
import type { components } from '../../../generated/server/openapi';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/context';
import type { BodyOf } from '../../platform/contract';
import { inTenant } from '../../platform/tenant-transaction';
import * as repo from './localisation.repository';

type TextOverride = components['schemas']['TextOverride'];

/** Enough for every message of the app in both languages, and a bound on what one firm stores. */
export const MAX_OVERRIDES = 2000;

const toDto = (row: repo.TextOverrideRow): TextOverride => ({
  locale: row.locale === 'en' ? 'en' : 'de',
  messageId: row.messageId,
  text: row.text,
  updatedAtUtc: row.updatedAt.toISOString(),
});

export class LocalisationService {
  constructor(private readonly deps: Deps) {}

  async list(ctx: RequestContext): Promise<{ items: TextOverride[] }> {
    return inTenant(this.deps.database, ctx, async (tx) => ({ items: (await repo.listOverrides(tx)).map(toDto) }));
  }

  async set(ctx: RequestContext, body: BodyOf<'localisationSetTextOverride'>): Promise<TextOverride | null> {
    return inTenant(this.deps.database, ctx, async (tx) => {
      if (body.text === null) {
        await repo.deleteOverride(tx, body.locale, body.messageId);
        return null;
      }
      const text = body.text.trim();
      if (!text) {
        throw new AppError('VALIDATION_ERROR', 'VALIDATION_ERROR', { fieldErrors: { text: ['validation.required'] } });
      }
      if (!(await repo.hasOverride(tx, body.locale, body.messageId)) && (await repo.countOverrides(tx)) >= MAX_OVERRIDES) {
        throw new AppError('CONFLICT', 'localisation.tooMany', { params: { limit: MAX_OVERRIDES } });
      }
      return toDto(await repo.upsertOverride(tx, { tenantId: ctx.tenantId, locale: body.locale, messageId: body.messageId, text, updatedBy: ctx.userId }));
    });
  }
}
