import type { z } from 'zod';
import { newPasswordSchema } from '../../../shared/auth/contracts.js';
import type { Contract } from '../../../shared/contracts/contract.js';
import type { MessageCode } from '../../../shared/messages/catalog.js';
import { fieldIssues } from '../../../shared/messages/zod-issues.js';
import type { AuthUser } from '../../http/app.js';
import { AppError, conflict, forbidden } from '../../http/errors.js';
import type { Actor } from '../../store/audit.js';
import type { Db } from '../../store/db.js';
import type { DomainEvents } from '../../stream/bus.js';
import { isUniqueViolation, type OrgRepository } from './org.repository.js';
import type { UserScope } from './scope.js';

/**
 * What every part of the organisation service stands on (the store, its
 * repository, the event bus, the callers' scopes) and the small rules they
 * share: the administrator role, the scope refusal, password strength,
 * unique-constraint races.
 */
export interface OrgContext {
  db: Db;
  /** The repository outside any transaction; inside one, `createOrgRepository(tx)`. */
  repo: OrgRepository;
  events: Pick<DomainEvents, 'publish'>;
  /** A user's data-isolation scope, expanded to every descendant department and region. */
  getUserScope: (userid: number) => Promise<UserScope>;
}

export type In<C extends Contract> = z.output<C['input']>;
export type Out<C extends Contract> = z.input<C['output']>;

export const ADMIN_ROLE = 'admin';

export const outsideScope = () => forbidden('common.outsideScope');
export const actorOf = (u: AuthUser): Actor => ({ userid: u.userid, loginname: u.loginname });
export const unique = (ids: number[]) => [...new Set(ids)];
export const offsetOf = (p: { page: number; pageSize: number }) => (p.page - 1) * p.pageSize;

export function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function checkNewPassword(password: string, field: string): void {
  const r = newPasswordSchema.safeParse(password);
  if (!r.success) {
    throw new AppError(
      400,
      'auth.passwordTooWeak',
      [field],
      {},
      fieldIssues(r.error.issues).map((i) => ({ ...i, field })),
    );
  }
}

/** Turns a unique-constraint race (two saves at once) into the same 409 the up-front check gives. */
export async function uniqueAs<T>(code: MessageCode, field: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof AppError) && isUniqueViolation(err)) {
      throw conflict(code, [field]);
    }
    throw err;
  }
}
