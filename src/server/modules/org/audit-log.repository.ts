import type { Db, Tx } from '../../store/db.js';

/** SQL of the audit log as the audit page reads it. Part of the organisation's repository (org.repository.ts). */

export interface AuditFilter {
  loginname?: string;
  entity?: string;
  from?: number;
  to?: number;
  offset: number;
  limit: number;
}

export function createAuditLogRepository(db: Db | Tx) {
  return {
    async auditPage(f: AuditFilter) {
      let base = db.selectFrom('audit_log');
      if (f.loginname) {
        base = base.where('loginname', '=', f.loginname);
      }
      if (f.entity) {
        base = base.where('entity', '=', f.entity);
      }
      if (f.from !== undefined) {
        base = base.where('at', '>=', f.from);
      }
      if (f.to !== undefined) {
        base = base.where('at', '<=', f.to);
      }
      const [items, total] = await Promise.all([
        base
          .select(['id', 'at', 'loginname', 'action', 'entity', 'entity_id', 'detail'])
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(f.limit)
          .offset(f.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: items.map((i) => ({ ...i, at: Number(i.at) })), total: Number(total.n) };
    },
  };
}
