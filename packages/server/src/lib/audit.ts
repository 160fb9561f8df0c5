import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  actorUserId: number | null;
  action: string;
  targetType?: string;
  targetId?: string | number;
  details?: Record<string, unknown>;
  ip?: string;
  /** The participant whose data was read or sent (FHIR AuditEvent?patient=): set for document access. */
  participantId?: number;
}

const auditRow = (entry: AuditEntry) => ({
  actorUserId: entry.actorUserId,
  action: entry.action,
  targetType: entry.targetType ?? null,
  targetId: entry.targetId === undefined ? null : String(entry.targetId),
  details: entry.details ?? null,
  ip: entry.ip ?? null,
  participantId: entry.participantId ?? null,
});

/** Appends to the audit log; pass the transaction so the row commits with the change it records. */
export async function audit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(auditRow(entry));
}

/** Appends several entries in one statement (a bulk write's), in their order. */
export async function auditMany(db: DbOrTx, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length > 0) await db.insert(auditLog).values(entries.map(auditRow));
}
