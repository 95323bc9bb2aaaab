/**
 * The firm's API keys (decision 0039): Owner and Admin make, list and revoke them; every call
 * made with one is authenticated here, rate limited per key and recorded in the audit trail.
 */
import crypto from 'node:crypto';
import type { components } from '../../../generated/server/openapi';
import type { Deps } from '../../platform/handler';
import { AppError, notFound } from '../../platform/errors';
import type { RequestContext } from '../../platform/context';
import type { BodyOf, OperationInfo } from '../../platform/contract';
import type { AuthContext } from '../../platform/auth';
import type { Lang } from '../../platform/i18n';
import { inTenant } from '../../platform/tenant-transaction';
import { recordAudit } from '../../db/audit';
import type { SubscriptionService } from '../subscription';
import * as repo from './api-keys.repository';
import { apiKeyRefusal, hashApiKey, makeApiKey, parseApiKey } from './api-keys.rules';

type ApiKey = components['schemas']['ApiKey'];

/** Keys a firm may have that are not revoked. */
const MAX_ACTIVE_KEYS = 50;

const toDto = (row: repo.ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  areas: row.areas as ApiKey['areas'],
  keyHint: row.keyHint,
  createdAt: row.createdAt.toISOString(),
  createdByName: row.createdByName,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** The caller of a request made with an API key: the technical member and its key. */
export type ApiKeyCaller = AuthContext & { apiKeyId: string };

export class ApiKeysService {
  constructor(
    private readonly deps: Deps,
    private readonly subscription: SubscriptionService,
  ) {}

  async list(ctx: RequestContext): Promise<{ items: ApiKey[] }> {
    return inTenant(this.deps.database, ctx, async (tx) => ({ items: (await repo.listApiKeys(tx)).map(toDto) }));
  }

  async create(ctx: RequestContext, body: BodyOf<'apiKeysCreate'>): Promise<{ key: ApiKey; secret: string }> {
    const name = body.name.trim();
    if (!name) throw new AppError('VALIDATION_ERROR', 'VALIDATION_ERROR', { fieldErrors: { name: ['apiKeys.nameRequired'] } });
    return inTenant(this.deps.database, ctx, async (tx) => {
      if ((await repo.countActiveApiKeys(tx)) >= MAX_ACTIVE_KEYS) {
        throw new AppError('CONFLICT', 'apiKeys.tooMany', { params: { limit: MAX_ACTIVE_KEYS } });
      }
      const id = crypto.randomUUID();
      const secret = makeApiKey(ctx.tenantId, id);
      await repo.insertApiKey(tx, {
        tenantId: ctx.tenantId,
        id,
        name,
        scope: body.scope,
        areas: [...new Set(body.areas)],
        keyHash: hashApiKey(secret),
        keyHint: secret.slice(-4),
        createdBy: ctx.userId,
        createdAt: ctx.now,
      });
      return { key: toDto((await repo.findApiKey(tx, id))!), secret };
    });
  }

  async revoke(ctx: RequestContext, id: string): Promise<ApiKey> {
    return inTenant(this.deps.database, ctx, async (tx) => {
      if (!(await repo.findApiKey(tx, id))) throw notFound();
      await repo.revokeApiKey(tx, id, ctx.now);
      return toDto((await repo.findApiKey(tx, id))!);
    });
  }

  /**
   * The caller of a request that carries an API key: the key must exist in the firm it names,
   * match its hash, be neither revoked nor made by an archived member (401 otherwise), stay within
   * its rate limit (429), be licensed like its maker as a Manager (the firm's license error, as
   * members get it: decision 0044) and allow the operation by scope and area (403). Acts as a
   * technical member with the back office's role (Manager) in the name of the key's maker.
   * Refusals of a real key are in the audit trail too; a revoked or rate-limited key's at most
   * once a minute, so that a flood of calls cannot flood the trail.
   */
  async authenticate(key: string, info: OperationInfo, lang: Lang): Promise<ApiKeyCaller> {
    const named = parseApiKey(key);
    if (!named) throw new AppError('UNAUTHORIZED', 'apiKeys.invalid');
    const hash = hashApiKey(key);
    const { used, licenseError } = await this.deps.database.withTenant(named.tenantId, async (tx) => {
      const found = await repo.useApiKey(tx, named.id, hash, this.deps.clock.now());
      return {
        used: found,
        licenseError: found ? await this.subscription.refusal(tx, named.tenantId, { id: found.createdBy, role: 'Manager' }) : null,
      };
    });
    const call = { operationId: info.operationId, method: info.method, path: info.path };
    if (!used) {
      const known = await this.deps.database.withTenant(named.tenantId, (tx) => repo.findApiKeyByHash(tx, named.id, hash));
      if (known) await this.recordRefusal(named.tenantId, known, { ...call, status: 401, reason: 'revoked' }, true);
      throw new AppError('UNAUTHORIZED', 'apiKeys.invalid');
    }
    const caller = { id: used.id, createdBy: used.createdBy };
    try {
      await this.deps.rateLimiter.take([{ key: `api-key:${used.id}`, limits: { windowSeconds: 60, max: this.deps.config.apiKeyRateLimitPerMinute } }]);
    } catch (error) {
      if (error instanceof AppError && error.code === 'RATE_LIMITED') await this.recordRefusal(named.tenantId, caller, { ...call, status: 429, reason: 'rate_limited' }, true);
      throw error;
    }
    if (licenseError) {
      await this.recordRefusal(named.tenantId, caller, { ...call, status: licenseError.statusCode, reason: licenseError.code });
      throw licenseError;
    }
    const refusal = apiKeyRefusal(info, used.scope, used.areas);
    if (refusal) {
      await this.recordRefusal(named.tenantId, caller, { ...call, status: 403, reason: refusal === 'apiKeys.readOnly' ? 'read_only' : 'out_of_scope' });
      throw new AppError('FORBIDDEN', refusal);
    }
    return {
      sessionId: used.id,
      userId: used.createdBy,
      tenantId: named.tenantId,
      role: 'Manager',
      termsConfirmed: true,
      emailConfirmed: true,
      lang,
      deviceId: '',
      apiKeyId: used.id,
    };
  }

  /**
   * A refused call of a real key in the audit trail: operation, status and why. `oncePerMinute`
   * (revoked, rate limited): only the first such refusal of a key in a minute is written, the
   * row saying so, so that an attacker's flood of calls is one row a minute.
   */
  private async recordRefusal(
    tenantId: string,
    key: { id: string; createdBy: string },
    refusal: { operationId: string; method: string; path: string; status: number; reason: string },
    oncePerMinute = false,
  ) {
    if (oncePerMinute) {
      try {
        await this.deps.rateLimiter.take([{ key: `api-key-refusal:${key.id}:${refusal.reason}`, limits: { windowSeconds: 60, max: 1 } }]);
      } catch {
        return;
      }
    }
    await this.deps.database.withTenant(tenantId, (tx) =>
      recordAudit(tx, tenantId, {
        actorId: key.createdBy,
        entity: 'api_key',
        entityId: key.id,
        action: 'refused',
        changes: { ...refusal, ...(oncePerMinute ? { further: 'not recorded for a minute' } : {}) },
      }),
    );
  }

  /** One line in the audit trail per call made with a key: which operation, and its status. */
  async recordCall(caller: ApiKeyCaller, call: { operationId: string; method: string; path: string; status: number }) {
    await this.deps.database.withTenant(caller.tenantId, (tx) =>
      recordAudit(tx, caller.tenantId, { actorId: caller.userId, entity: 'api_key', entityId: caller.apiKeyId, action: 'call', changes: call }),
    );
  }
}
