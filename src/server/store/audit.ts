import type { AuditAction } from '../../shared/audit-actions.js';
import type { Db, Tx } from './db.js';

export interface Actor {
  userid: number | null;
  loginname: string;
}

/** Writes one audit row: who, when, what. Call it inside the transaction that makes the change. */
export async function audit(
  tx: Tx | Db,
  actor: Actor,
  action: AuditAction,
  entity: string,
  entityId: string | number,
  detail: unknown = {},
): Promise<void> {
  await tx
    .insertInto('audit_log')
    .values({
      at: Date.now(),
      userid: actor.userid,
      loginname: actor.loginname,
      action,
      entity,
      entity_id: String(entityId),
      detail: JSON.stringify(detail),
    })
    .execute();
}
