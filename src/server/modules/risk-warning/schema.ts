import type { Generated } from 'kysely';

/* The tables of early warning (issue 21 §6), added to the store's schema by declaration merging. */
declare module '../../store/schema.js' {
  interface Database {
    /** A variable formulas read: a tag's current value or a count another module keeps. */
    risk_warning_variable: {
      id: Generated<number>;
      /** The name formulas use (unique). */
      code: string;
      name: string;
      kind: string;
      tag: string | null;
      regionid: number | null;
      updated_at: number;
      updated_by: string;
    };
    /** A warning: its formula, schedule and owner (counts are read in the owner's scope). */
    risk_warning: {
      id: Generated<number>;
      name: string;
      formula: string;
      regionid: number | null;
      instructions: string;
      interval_minutes: number;
      on_change: number;
      enabled: number;
      owner_userid: number;
      owner_loginname: string;
      updated_at: number;
      /** The last scheduled calculation (kept in the store: a restart does not run every warning at once, nor skip one). */
      last_run_at: number | null;
    };
    /** One range of a warning: `min ≤ value < max` → level. */
    risk_warning_range: {
      id: Generated<number>;
      warning_id: number;
      min: number | null;
      max: number | null;
      level: number;
      instruction: string;
    };
    /** A calculation kept: the inputs, value and level at that time. */
    risk_warning_record: {
      id: Generated<number>;
      warning_id: number;
      name: string;
      formula: string;
      regionid: number | null;
      value: number | null;
      level: number | null;
      /** JSON: `WarningInputItem[]`. */
      inputs: string;
      error: string | null;
      trigger: string;
      note: string;
      made_by: string;
      at: number;
    };
  }
}
