import fs from 'node:fs';
import path from 'node:path';
import type { ContractInput, ContractOutput } from '../../../shared/contracts/contract.js';
import { isSafeSvg, svgElementIds, svgIdTexts, tagsNamedBy, type DrawingBinding, type DrawingDetail, type drawingAutoBind, type drawingList, type drawingSave } from '../../../shared/drawings/contracts.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Store } from '../../store/db.js';
import type { RealtimeTagRegistry } from '../realtime/port.js';
import { createDrawingsRepository, type DrawingRow } from './drawings.repository.js';

export interface DrawingsService {
  list(): Promise<ContractOutput<typeof drawingList>>;
  get(id: number): Promise<DrawingDetail>;
  save(caller: AuthUser | null, input: ContractInput<typeof drawingSave>): Promise<DrawingDetail>;
  /** Bindings for the ISA tag texts of an SVG (nothing is saved). */
  autoBind(svg: string): ContractOutput<typeof drawingAutoBind>;
  /** The tags among these that the plant does not have (the editor's binding checker). */
  checkTags(tags: readonly string[]): { unknown: string[] };
  /** Adds the demo drawing (`models/drawings/<name>.bindings.json` and its SVG) when the store has no drawing yet. */
  seedFromFile(file: string): Promise<boolean>;
}

const parseBindings = (s: string): DrawingBinding[] => {
  try {
    const v: unknown = JSON.parse(s);
    return Array.isArray(v) ? (v as DrawingBinding[]) : [];
  } catch {
    return [];
  }
};

const toDetail = (r: DrawingRow): DrawingDetail => ({
  id: r.id,
  name: r.name,
  svg: r.svg,
  bindings: parseBindings(r.bindings),
  updatedAt: Number(r.updated_at),
  updatedBy: r.updated_by,
});

/** Bindings that read the tag's range when they leave theirs out. */
const RANGED: ReadonlySet<DrawingBinding['prop']> = new Set(['level', 'rotate', 'trend']);

const SEED_ACTOR = { userid: null, loginname: 'system' };

export function createDrawingsService(store: Store, deps: { tags: Pick<RealtimeTagRegistry, 'get' | 'all'>; now?: () => number }): DrawingsService {
  const repo = createDrawingsRepository();
  const now = deps.now ?? Date.now;

  /** The binding checker: unknown elements, unknown tags and duplicates are refused on the `bindings` field; level ranges default to the tag's. */
  function checked(svg: string, bindings: readonly DrawingBinding[]): DrawingBinding[] {
    if (!isSafeSvg(svg)) {
      throw badRequest('drawings.badSvg', ['svg']);
    }
    const ids = svgElementIds(svg);
    const missing = [...new Set(bindings.map((b) => b.element).filter((e) => !ids.has(e)))];
    if (missing.length) {
      throw badRequest('drawings.unknownElements', ['bindings'], { ids: missing.slice(0, 10).join(', ') });
    }
    const unknown = [...new Set(bindings.map((b) => b.tag).filter((t) => !deps.tags.get(t)))];
    if (unknown.length) {
      throw badRequest('drawings.unknownTags', ['bindings'], { tags: unknown.slice(0, 10).join(', ') });
    }
    const seen = new Set<string>();
    const dup = bindings.map((b) => `${b.element}/${b.prop}`).filter((k) => (seen.has(k) ? true : (seen.add(k), false)));
    if (dup.length) {
      throw badRequest('drawings.duplicateBinding', ['bindings'], { ids: [...new Set(dup)].slice(0, 10).join(', ') });
    }
    return bindings.map((b) => {
      if (!RANGED.has(b.prop) || (b.lo !== undefined && b.hi !== undefined)) {
        return b;
      }
      const t = deps.tags.get(b.tag)!;
      return { ...b, lo: b.lo ?? t.range_lo, hi: b.hi ?? t.range_hi };
    });
  }

  return {
    async list() {
      const rows = await repo.list(store.db);
      const items = rows.map((r) => ({ id: r.id, name: r.name, bindings: parseBindings(r.bindings).length, updatedAt: Number(r.updated_at), updatedBy: r.updated_by }));
      return { items, total: items.length };
    },

    async get(id) {
      const r = await repo.get(store.db, id);
      if (!r) {
        throw notFound('drawings.notFound');
      }
      return toDetail(r);
    },

    async save(caller, input) {
      const bindings = checked(input.svg, input.bindings);
      const actor = caller ?? SEED_ACTOR;
      const values = { name: input.name, svg: input.svg, bindings: JSON.stringify(bindings), updated_at: now(), updated_by: actor.loginname };
      const row = await inTransaction(store.db, async (tx) => {
        const r = input.id === undefined ? await repo.insert(tx, values) : await repo.update(tx, input.id, values);
        if (!r) {
          throw notFound('drawings.notFound');
        }
        await audit(tx, actor, 'drawing.save', 'drawing', r.id, { name: input.name, bindings: bindings.length, created: input.id === undefined });
        return r;
      });
      return toDetail(row);
    },

    checkTags(tags) {
      return { unknown: [...new Set(tags)].filter((t) => !deps.tags.get(t)).sort() };
    },

    autoBind(svg) {
      if (!isSafeSvg(svg)) {
        throw badRequest('drawings.badSvg', ['svg']);
      }
      const ids = [...deps.tags.all()].map((t) => t.id);
      const bindings: DrawingBinding[] = [];
      const unmatched: ContractOutput<typeof drawingAutoBind>['unmatched'] = [];
      for (const { element, text } of svgIdTexts(svg)) {
        const tags = tagsNamedBy(text, ids);
        if (tags.length === 1) {
          bindings.push({ element, tag: tags[0], prop: 'text' });
        } else {
          unmatched.push(tags.length ? { element, text, candidates: tags.slice(0, 20) } : { element, text });
        }
      }
      return { bindings, unmatched };
    },

    async seedFromFile(file) {
      if (!fs.existsSync(file) || (await repo.count(store.db)) > 0) {
        return false;
      }
      const b = JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string; svg: string; bindings: DrawingBinding[] };
      const svg = fs.readFileSync(path.join(path.dirname(file), b.svg), 'utf8');
      // Only the bindings whose tags the store has (a plant without the demo tags still gets the picture).
      await this.save(null, { name: b.name, svg, bindings: b.bindings.filter((x) => deps.tags.get(x.tag)) });
      return true;
    },
  };
}
