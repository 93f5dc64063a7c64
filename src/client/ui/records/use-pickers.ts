import { useCallback } from 'react';
import { dataIsolationDept, dataIsolationRegion } from '../../../shared/contracts/org';
import { ledgerUserOptions } from '../../../shared/contracts/records';
import { api } from '../../app/api';
import { useLoad } from '../use-load';

/** Choices for department, region and person fields: the caller's own scope, and people by name. */
export function usePickers() {
  const load = useCallback(
    async (signal: AbortSignal) => {
      const [depts, regions, users] = await Promise.all([
        api(dataIsolationDept, {}, { signal, silent: true }).catch(() => []),
        api(dataIsolationRegion, {}, { signal, silent: true }).catch(() => []),
        api(ledgerUserOptions, {}, { signal, silent: true }).catch(() => []),
      ]);
      return { depts, regions, users };
    },
    [],
  );
  return useLoad(load).data ?? { depts: [], regions: [], users: [] };
}
export type Pickers = ReturnType<typeof usePickers>;

/** No choices: for pages whose fields need no department, region or person names. */
export const noPickers: Pickers = { depts: [], regions: [], users: [] };
