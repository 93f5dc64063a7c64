import { useCallback } from 'react';
import { dataIsolationDept, dataIsolationRegion } from '../../../shared/org/contracts';
import { dictionaryList, ledgerUserOptions } from '../../../shared/records/contracts';
import type { Dictionaries } from '../../../shared/records/validator';
import { api } from '../../app/api';
import { useLoad } from '../use-load';

/** Choices for department, region and person fields (the caller's own scope, people by name) and the data dictionary's enumerations. */
export function usePickers() {
  const load = useCallback(
    async (signal: AbortSignal) => {
      const [depts, regions, users, dicts] = await Promise.all([
        api(dataIsolationDept, {}, { signal, silent: true }).catch(() => []),
        api(dataIsolationRegion, {}, { signal, silent: true }).catch(() => []),
        api(ledgerUserOptions, {}, { signal, silent: true }).catch(() => []),
        api(dictionaryList, {}, { signal, silent: true }).catch(() => ({ items: [], total: 0 })),
      ]);
      const dictionaries: Dictionaries = Object.fromEntries(dicts.items.map((d) => [d.dictionary.code, d.dictionary.options]));
      return { depts, regions, users, dictionaries };
    },
    [],
  );
  return useLoad(load).data ?? { depts: [], regions: [], users: [], dictionaries: {} };
}
export type Pickers = ReturnType<typeof usePickers>;

/** No choices: for pages whose fields need no department, region or person names. */
export const noPickers: Pickers = { depts: [], regions: [], users: [], dictionaries: {} };
