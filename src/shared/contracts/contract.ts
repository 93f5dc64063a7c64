import type { PermissionCode } from '../modules.js';
import type { z } from 'zod';

/**
 * Who may call a contract. `public`: anyone; `authenticated`: any signed-in
 * user; any other string is a permission code that one of the caller's roles
 * must grant (see `permissions.ts`). There is no default: every call declares one.
 */
export type Permission = 'public' | 'authenticated' | PermissionCode;

/** Permission codes granted to roles: each area's `permissions` in its manifest (`src/shared/modules.ts` has the list). */
export type { PermissionCode };

export type HttpMethod = 'GET' | 'POST';

/** One RPC call: the single declaration both server and client use. */
export interface Contract<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /** Path as the seed spells it, starting with a slash. */
  path: string;
  input: I;
  /** Input fields a POST takes from the query string, not the body (the seed's `DeleteSafeSign?id=3`). */
  queryKeys?: readonly string[];
  output: O;
  permission: Permission;
}

export function defineContract<I extends z.ZodType, O extends z.ZodType>(c: Contract<I, O>): Contract<I, O> {
  return c;
}

export type ContractInput<C extends Contract> = z.input<C['input']>;
export type ContractOutput<C extends Contract> = z.output<C['output']>;
