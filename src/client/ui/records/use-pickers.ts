import { useCallback } from 'react';
import { dataIsolationDept, dataIsolationRegion } from '../../../shared/org/contracts';
import { dictionaryList, ledgerPostOptions, ledgerUserOptions } from '../../../shared/records/contracts';
import type { Dictionaries } from '../../../shared/records/validator';
import { api } from '../../app/api';
import { useLoad } from '../use-load';

type Depts = Awaited<ReturnType<typeof loadDepts>>;
type Regions = Awaited<ReturnType<typeof loadRegions>>;
const loadDepts = (signal: AbortSignal) => api(dataIsolationDept, {}, { signal, silent: true });
const loadRegions = (signal: AbortSignal) => api(dataIsolationRegion, {}, { signal, silent: true });

export interface Pickers {
  depts: Depts;
  regions: Regions;
  users: { userid: number; username: string; loginname: string }[];
  dictionaries: Dictionaries;
  posts: { postid: number; postname: string; postname_en: string }[];
}

/** Choices for department, region and person fields (the caller's own scope, people by name) and the data dictionary's enumerations. */
export function usePickers(): Pickers {
  const load = useCallback(
    async (signal: AbortSignal) => {
      const [depts, regions, users, dicts, posts] = await Promise.all([
        loadDepts(signal).catch((): Depts => []),
        loadRegions(signal).catch((): Regions => []),
        api(ledgerUserOptions, {}, { signal, silent: true }).catch(() => []),
        api(dictionaryList, {}, { signal, silent: true }).catch(() => ({ items: [], total: 0 })),
        api(ledgerPostOptions, {}, { signal, silent: true }).catch(() => []),
      ]);
      const dictionaries: Dictionaries = Object.fromEntries(dicts.items.map((d) => [d.dictionary.code, d.dictionary.options]));
      const out: Pickers = { depts, regions, users, dictionaries, posts };
      return out;
    },
    [],
  );
  return useLoad(load).data ?? noPickers;
}

/** No choices: for pages whose fields need no department, region or person names. */
export const noPickers: Pickers = { depts: [], regions: [], users: [], dictionaries: {}, posts: [] };
