import type { z } from 'zod';
import { Quality } from '../../../shared/contracts/stream';
import { tagKinds, tagList, type TagClassItem, type TagItem, type TagKind } from '../../../shared/realtime/contracts';
import type { LimitState } from '../../../shared/domain/limits';
import { listToTree, type TreeNode } from '../../../shared/tree';
import { api } from '../../app/api';
import { pick, type Lang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import type { RegionTreeOption } from '../../ui/region-options';

export type TagListQuery = Omit<z.input<typeof tagList.input>, 'page' | 'pageSize'>;

/** TagList answers at most this many rows per page (contracts/envelope.ts pageInput). */
const PAGE = 1000;

/**
 * Every tag matching `query`, page by page, up to `max`. `total` is the
 * server's count, so a caller can tell the list was cut.
 */
export async function loadAllTags(query: TagListQuery, signal: AbortSignal, max = 20_000): Promise<{ items: TagItem[]; total: number }> {
  const items: TagItem[] = [];
  let total = 0;
  for (let page = 1; items.length < max; page++) {
    const res = await api(tagList, { ...query, page, pageSize: PAGE }, { signal });
    total = res.total;
    items.push(...res.items);
    if (res.items.length < PAGE || items.length >= total) {
      break;
    }
  }
  return { items: items.slice(0, max), total };
}

/** realtime:manage: may create, change, import and delete data items and classifications. */
export function useCanManageRealtime(): boolean {
  return useSession((s) => s.user?.permissions.includes('realtime:manage') ?? false);
}

export const tagLabel = (tag: Pick<TagItem, 'name' | 'name_en'>, lang: Lang) => pick(lang, tag.name, tag.name_en);

export function kindOptions(t: (key: string) => string): { value: TagKind; label: string }[] {
  return tagKinds.map((k) => ({ value: k, label: t(`kind.${k}`) }));
}

/** TreeSelect options; regions as options come from ui/region-options.ts. */
type TreeOption = RegionTreeOption;

export type ClassNode = TreeNode<TagClassItem>;

export function classTree(classes: readonly TagClassItem[]): ClassNode[] {
  const sorted = [...classes].sort((a, b) => a.sort - b.sort || a.id - b.id);
  return listToTree(sorted, { id: 'id', parent: 'parentid' });
}

export function classTreeOptions(classes: readonly TagClassItem[], lang: Lang): TreeOption[] {
  const toOption = (n: ClassNode): TreeOption => ({
    value: n.id,
    key: n.id,
    title: pick(lang, n.name, n.name_en),
    children: n.children.map(toOption),
  });
  return classTree(classes).map(toOption);
}

/**
 * Decimals for showing a tag's value: enough to see a change of about a
 * thousandth of the span, and none for discrete signals.
 */
export function valueDecimals(tag: Pick<TagItem, 'kind' | 'range_lo' | 'range_hi'>): number {
  if (tag.kind === 'discrete') {
    return 0;
  }
  const span = Math.abs(tag.range_hi - tag.range_lo);
  if (!(span > 0)) {
    return 2;
  }
  return Math.min(4, Math.max(0, 3 - Math.floor(Math.log10(span))));
}

export function formatValue(v: number, decimals: number): string {
  return Number.isFinite(v) ? v.toFixed(decimals) : String(v);
}

export type QualityName = 'good' | 'uncertain' | 'bad';

export function qualityName(q: number): QualityName {
  return q === Quality.good ? 'good' : q === Quality.uncertain ? 'uncertain' : 'bad';
}

/** Colours of the limit states: red for HH/LL, orange for H/L, green for normal (the colours of the alarm pages). */
export const limitColors: Record<LimitState, string> = {
  hh: '#cf1322',
  h: '#fa8c16',
  normal: '#389e0d',
  l: '#fa8c16',
  ll: '#cf1322',
};

/** Background tints for a row or a badge in a limit state. */
export const limitTints: Record<LimitState, string> = {
  hh: '#fff1f0',
  h: '#fff7e6',
  normal: '#f6ffed',
  l: '#fff7e6',
  ll: '#fff1f0',
};
