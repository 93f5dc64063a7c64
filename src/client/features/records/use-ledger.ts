import { useCallback } from 'react';
import { dataIsolationDept, dataIsolationRegion } from '../../../shared/contracts/org';
import { definitionList, ledgerUserOptions, recordContracts, type DefinitionItem } from '../../../shared/contracts/records';
import { api } from '../../app/api';
import { useLoad } from '../../ui/use-load';

/** Every ledger definition (built-in and run-time), read once per page. */
export function useDefinitions() {
  const load = useCallback((signal: AbortSignal) => api(definitionList, {}, { signal }), []);
  return useLoad(load);
}

/** One ledger's definition and its calls, by entity name. */
export function useLedger(entity: string | null) {
  const defs = useDefinitions();
  const item: DefinitionItem | undefined = defs.data?.items.find((d) => d.entity === entity);
  return { loading: defs.loading, item, def: item?.definition, calls: item ? recordContracts(item.definition) : undefined, reload: defs.reload };
}

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
