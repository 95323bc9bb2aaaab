/** Queries of the firm's text overrides. */
import { and, asc, count, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { textOverrides } from '../../db/schema';

export type TextOverrideRow = typeof textOverrides.$inferSelect;

export async function listOverrides(tx: Tx): Promise<TextOverrideRow[]> {
  return tx.select().from(textOverrides).orderBy(asc(textOverrides.locale), asc(textOverrides.messageId));
}

export async function countOverrides(tx: Tx): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(textOverrides);
  return row?.n ?? 0;
}

export async function upsertOverride(tx: Tx, values: typeof textOverrides.$inferInsert): Promise<TextOverrideRow> {
  const [row] = await tx
    .insert(textOverrides)
    .values(values)
    .onConflictDoUpdate({
      target: [textOverrides.tenantId, textOverrides.locale, textOverrides.messageId],
      set: { text: values.text, updatedBy: values.updatedBy, updatedAt: new Date() },
    })
    .returning();
  return row;
}

export async function deleteOverride(tx: Tx, locale: string, messageId: string) {
  await tx.delete(textOverrides).where(and(eq(textOverrides.locale, locale), eq(textOverrides.messageId, messageId)));
}

export async function hasOverride(tx: Tx, locale: string, messageId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: textOverrides.messageId })
    .from(textOverrides)
    .where(and(eq(textOverrides.locale, locale), eq(textOverrides.messageId, messageId)));
  return !!row;
}
