/** Queries of the firm's API keys. */
import { and, desc, eq, isNull, count, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { apiKeys, users } from '../../db/schema';
import { memberNameSql } from '../../platform/display-names';

export type ApiKeyRow = typeof apiKeys.$inferSelect & { createdByName: string };

const columns = {
  tenantId: apiKeys.tenantId,
  id: apiKeys.id,
  name: apiKeys.name,
  scope: apiKeys.scope,
  areas: apiKeys.areas,
  keyHash: apiKeys.keyHash,
  keyHint: apiKeys.keyHint,
  createdBy: apiKeys.createdBy,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  createdByName: memberNameSql(users),
};

const withCreator = (tx: Tx) =>
  tx.select(columns).from(apiKeys).innerJoin(users, and(eq(users.tenantId, apiKeys.tenantId), eq(users.id, apiKeys.createdBy)));

export async function listApiKeys(tx: Tx): Promise<ApiKeyRow[]> {
  return withCreator(tx).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function findApiKey(tx: Tx, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await withCreator(tx).where(eq(apiKeys.id, id));
  return row;
}

export async function countActiveApiKeys(tx: Tx): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(apiKeys).where(isNull(apiKeys.revokedAt));
  return row?.n ?? 0;
}

export async function insertApiKey(tx: Tx, values: typeof apiKeys.$inferInsert) {
  await tx.insert(apiKeys).values(values);
}

export async function revokeApiKey(tx: Tx, id: string, at: Date) {
  await tx.update(apiKeys).set({ revokedAt: at }).where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
}

/** The key with this id and hash, whether usable or not (a revoked key's refusals are audited). */
export async function findApiKeyByHash(tx: Tx, id: string, keyHash: string) {
  const [row] = await tx
    .select({ id: apiKeys.id, createdBy: apiKeys.createdBy })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.keyHash, keyHash)));
  return row;
}

/**
 * The key with this id and hash if it may be used now (not revoked, its maker not archived), its
 * last use noted in the same statement.
 */
export async function useApiKey(tx: Tx, id: string, keyHash: string, at: Date) {
  const [row] = await tx
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(
      and(
        eq(apiKeys.id, id),
        eq(apiKeys.keyHash, keyHash),
        isNull(apiKeys.revokedAt),
        sql`exists (select 1 from ${users} u where u.tenant_id = ${apiKeys.tenantId} and u.id = ${apiKeys.createdBy} and not u.archived)`,
      ),
    )
    .returning({ id: apiKeys.id, scope: apiKeys.scope, areas: apiKeys.areas, createdBy: apiKeys.createdBy });
  return row;
}
