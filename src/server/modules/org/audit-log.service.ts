import type { auditLogList } from '../../../shared/org/contracts.js';
import { offsetOf, type In, type OrgContext, type Out } from './org-context.js';

/** The audit log page: operator actions filtered by login, entity and time. */
export interface AuditLogService {
  auditLog(input: In<typeof auditLogList>): Promise<Out<typeof auditLogList>>;
}

export function createAuditLogService({ repo }: OrgContext): AuditLogService {
  return {
    auditLog: (input) =>
      repo.auditPage({
        loginname: input.loginname || undefined,
        entity: input.entity || undefined,
        from: input.from,
        to: input.to,
        offset: offsetOf(input),
        limit: input.pageSize,
      }),
  };
}
