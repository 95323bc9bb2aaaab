/**
 * The firm's connection to lexoffice: the key is tried against the service's profile before it is
 * stored, sealed with the tenant bound in; calls of the import and the export get a client for the
 * stored key. A key the service refuses later marks the connection as broken.
 */
import type { Deps } from '../../platform/handler';
import type { components } from '../../../generated/server/openapi';
import type { Tx } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/context';
import type { BodyOf } from '../../platform/contract';
import { RequestSpacing } from '../../platform/request-spacing';
import { SecretBox } from '../../platform/secret-box';
import { inTenant } from '../../platform/tenant-transaction';
import { LexofficeClient, LexofficeError } from './lexoffice-client';
import * as repo from './external-system.repository';

type Connection = components['schemas']['ExternalSystemConnection'];

const context = (tenantId: string) => `accounting:${tenantId}`;

export function connectionDto(row: repo.ConnectionRow | undefined): Connection | null {
  if (!row) return null;
  return {
    system: 'lexoffice',
    connected: !row.refusedAt,
    organizationName: row.organizationName,
    connectedAtUtc: row.connectedAt.toISOString(),
  };
}

export class ExternalSystemService {
  private readonly box: SecretBox;
  private readonly spacing: RequestSpacing;

  constructor(private readonly deps: Deps) {
    this.box = new SecretBox(deps.config.dataKeys);
    this.spacing = new RequestSpacing(deps.database.pool);
  }

  client(apiKey: string) {
    return new LexofficeClient(this.deps.config.lexoffice.apiUrl, apiKey, this.spacing, { timeoutMs: this.deps.config.lexoffice.timeoutMs });
  }

  async connect(ctx: RequestContext, body: BodyOf<'externalSystemConnectExternalSystem'>): Promise<Connection> {
    const apiKey = body.apiKey.trim();
    if (!apiKey) throw new AppError('VALIDATION_ERROR', 'accounting.keyRequired', { fieldErrors: { apiKey: ['accounting.keyRequired'] } });
    let profile;
    try {
      profile = await this.client(apiKey).profile();
    } catch (error) {
      throw connectionFailed(error);
    }
    return inTenant(this.deps.database, ctx, async (tx) => {
      await repo.saveConnection(tx, {
        tenantId: ctx.tenantId,
        system: body.system,
        apiKeySealed: this.box.seal(apiKey, context(ctx.tenantId)),
        organizationId: profile.organizationId ?? null,
        organizationName: profile.companyName ?? null,
      });
      return connectionDto(await repo.findConnection(tx))!;
    });
  }

  async disconnect(ctx: RequestContext): Promise<null> {
    await inTenant(this.deps.database, ctx, (tx) => repo.deleteConnection(tx));
    return null;
  }

  async connectionOf(tx: Tx): Promise<Connection | null> {
    return connectionDto(await repo.findConnection(tx));
  }

  /** A client for the firm's stored key; `ACCOUNTING_NOT_CONNECTED` without a usable one. */
  async clientOf(tenantId: string): Promise<LexofficeClient> {
    const row = await inTenant(this.deps.database, { tenantId }, (tx) => repo.findConnection(tx));
    const apiKey = row ? this.box.open(row.apiKeySealed, context(tenantId)) : undefined;
    if (!apiKey) throw new AppError('ACCOUNTING_NOT_CONNECTED');
    return this.client(apiKey);
  }

  /** After the service refused the stored key: the connection shows as broken until a new key. */
  async noteRefusal(tenantId: string, error: unknown) {
    if (error instanceof LexofficeError && error.kind === 'refused') {
      await inTenant(this.deps.database, { tenantId }, (tx) => repo.markRefused(tx));
    }
  }
}

/** What the person reads when the service refused the key or could not be reached. */
export function connectionFailed(error: unknown): AppError {
  if (error instanceof LexofficeError && error.kind === 'refused') return new AppError('ACCOUNTING_CONNECTION_FAILED', 'accounting.keyRefused');
  if (error instanceof LexofficeError && error.kind === 'unavailable') return new AppError('ACCOUNTING_CONNECTION_FAILED', 'accounting.unavailable');
  return new AppError('ACCOUNTING_CONNECTION_FAILED', 'ACCOUNTING_CONNECTION_FAILED');
}
