import { useCallback } from 'react';
import { definitionList, recordContracts, type DefinitionItem } from '../../../shared/records/contracts';
import { api } from '../../app/api';
import { useLoad } from '../use-load';

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
