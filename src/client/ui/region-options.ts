import { useCallback, useMemo } from 'react';
import { regionGetList, type RegionItem } from '../../shared/org/contracts';
import { listToTree, type TreeNode } from '../../shared/tree';
import { api } from '../app/api';
import { pick, useLang, type Lang } from '../app/i18n';
import { useLoad } from './use-load';

export interface RegionTreeOption {
  value: number;
  title: string;
  key: number;
  children: RegionTreeOption[];
}

/** Regions as TreeSelect options (listToTree keeps a region whose parent is hidden by data isolation as a root). */
export function regionTreeOptions(regions: readonly RegionItem[], lang: Lang): RegionTreeOption[] {
  const toOption = (n: TreeNode<RegionItem>): RegionTreeOption => ({
    value: n.regionid,
    key: n.regionid,
    title: pick(lang, n.regionname, n.regionname_en),
    children: n.children.map(toOption),
  });
  return listToTree(regions, { id: 'regionid', parent: 'regionparentid' }).map(toOption);
}

/** The regions the user may see: the list, names by id in the current language, and TreeSelect options. */
export function useRegions() {
  const lang = useLang();
  const load = useCallback((signal: AbortSignal) => api(regionGetList, { isallregionid: 0 }, { signal }), []);
  const regions = useLoad(load);
  const nameOf = useMemo(() => new Map((regions.data ?? []).map((r) => [r.regionid, pick(lang, r.regionname, r.regionname_en)])), [regions.data, lang]);
  const tree = useMemo(() => regionTreeOptions(regions.data ?? [], lang), [regions.data, lang]);
  return { list: regions.data ?? [], nameOf, tree, loading: regions.loading };
}
