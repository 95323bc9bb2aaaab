/**
 * The audit trail (GoBD: no silent edits of what was billed or recorded). Services write one row
 * per create, update and delete of a time track, a working-time track or one of its segments, in
 * the same transaction as the change itself; the app role may only insert into `audit_log`.
 */
import type { Tx } from './database';
import { auditLog } from './schema';

export type AuditEntity =
  | 'time_track'
  | 'user_time_track'
  | 'user_time_track_segment'
  // customer activity: notes, materials, time entries; photos; signed work confirmations
  | 'information'
  | 'image'
  | 'work_confirmation'
  // issued invoices and cancellations (decision 0031)
  | 'issued_invoice'
  // payments of issued invoices and their mails (decision 0032)
  | 'invoice_payment'
  | 'invoice_mail'
  // a DATEV export handed to the tax advisor (decision 0032): `{ event, details }`, one row per export
  | 'datev_export'
  // a call made with an API key (decision 0039): `{ operationId, method, path, status }`; a refused
  // one (`refused`, decision 0044) also names its `reason`
  | 'api_key';
// `read`: a stored document or an export handed out (an issued invoice's download, decision 0041;
// a DATEV export): `{ event, details }`.
export type AuditAction = 'create' | 'update' | 'delete' | 'call' | 'read' | 'refused';

export interface AuditEntry {
  actorId: string;
  entity: AuditEntity;
  entityId: string;
  action: AuditAction;
  /** `{ after }` for a create, `{ before, after }` of the changed fields for an update, `{ before }` for a delete. */
  changes: Record<string, unknown>;
}

export async function recordAudit(tx: Tx, tenantId: string, entries: AuditEntry | AuditEntry[]) {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  await tx.insert(auditLog).values(list.map((e) => ({ tenantId, ...e })));
}

/** The fields whose values differ, as `{ before, after }` (dates as ISO strings). */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const out = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of Object.keys(after)) {
    const a = normalise(before[key]);
    const b = normalise(after[key]);
    if (a !== b) {
      out.before[key] = a;
      out.after[key] = b;
    }
  }
  return out;
}

function normalise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value ?? null;
}

/** A row as JSON for the trail: dates as ISO strings. */
export function snapshot(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, normalise(v)]));
}
