import type { PermissionCode } from '../../../shared/modules';
import { useSession } from '../../app/session-store';

/**
 * Whether the signed-in user holds a permission. The server checks every call
 * anyway; this only hides buttons that would be refused.
 */
export function useHasPermission(code: PermissionCode): boolean {
  // A boolean selector keeps the snapshot stable between renders.
  return useSession((s) => s.user?.permissions.includes(code) ?? false);
}

/** org:manage: may create, change and delete organisation data. */
export function useCanManage(): boolean {
  return useHasPermission('org:manage');
}
