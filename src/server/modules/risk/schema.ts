import type { Generated } from 'kysely';

/* The tables of this module, added to the store's schema (`store/schema.ts`) by declaration merging. */
declare module '../../store/schema.js' {
  interface Database {
    /** A zone's history: one row per change of its live level (DOMAIN.md §6). */
    risk_zone_history: {
      id: Generated<number>;
      regionid: number;
      t: number;
      /** Live level before (null: the first row of the zone). */
      from_level: number | null;
      to_level: number;
      residual: number | null;
      /** JSON: ids of the causes behind the new level. */
      causes: string;
    };
  }
}

declare module '../../store/schema.js' {
  interface Database {
    /** A plant's band table for one method; every edit is a new row, the newest per method is current (issue 21 §2). */
    risk_band_table: {
      id: Generated<number>;
      method: string;
      /** JSON: `RiskBand[]`. */
      bands: string;
      updated_at: number;
      updated_by: string;
    };
    /** One evaluation of a risk event or risk point, with the band table it was made with. */
    risk_evaluation: {
      id: Generated<number>;
      /** The ledger evaluated (`Analysis`, `RiskPoint`). */
      entity: string;
      target_id: number;
      method: string;
      /** JSON: the factors given (`{ L, E, C }`, `{ level }` for direct grading). */
      factors: string;
      score: number | null;
      level: number;
      /** The `risk_band_table` row in force (null: the built-in default, or direct grading). */
      band_table_id: number | null;
      /** JSON copy of the bands used, so the evaluation reads the same after the plant edits them. */
      bands: string | null;
      at: number;
      made_by: string;
    };
    /** An evaluation unit's inherent level (before measures) and residual level (after); residual never above inherent. */
    risk_unit_level: {
      unit_id: number;
      inherent: number;
      residual: number | null;
      note: string;
      updated_at: number;
      updated_by: string;
    };
  }
}

declare module '../../store/schema.js' {
  interface Database {
    /** One live escalation rule row (DOMAIN.md §6), seeded with the defaults; an administrator edits them. */
    risk_escalation_rule: {
      id: string;
      /** The cause kind it applies to (`alarm`, `permit`, …). */
      kind: string;
      /** JSON: attribute → value or list of values. */
      match: string;
      /** JSON: `{ raise: 1 }` or `{ set: level }`. */
      effect: string;
      hold_ms: number;
      /** 1 enabled, 0 switched off. */
      enabled: number;
      name_zh: string | null;
      name_en: string | null;
      sort: number;
      updated_at: number | null;
      updated_by: string | null;
    };
  }
}

declare module '../../store/schema.js' {
  interface Database {
    /** One check task of a control measure (an `AnalysisMeasure` record): its window and its check (DOMAIN.md §8). */
    risk_measure_task: {
      id: Generated<number>;
      /** `measure-<id>@<start>`: each window once, whoever generates it. */
      task_key: string;
      measure_id: number;
      start_at: number;
      /** The window's end, excluded. */
      end_at: number;
      done_at: number | null;
      done_by: string | null;
      /** `normal` or `abnormal`. */
      result: string | null;
      note: string;
    };
  }
}

declare module '../../store/schema.js' {
  interface Database {
    /** A zone's level override (issue 21 §4): a level set by hand with its reason; at most one per zone, deleted when cleared. */
    risk_zone_override: {
      regionid: number;
      level: number;
      reason: string;
      /** When it ends by itself (epoch ms); null: until cleared. */
      until: number | null;
      set_at: number;
      set_by: string;
    };
  }
}
