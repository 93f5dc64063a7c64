import type { Generated } from 'kysely';

/* The tables of this module, added to the store's schema (`store/schema.ts`) by declaration merging. */
declare module '../../store/schema.js' {
  interface Database {
    /** A big-screen dashboard: its current definition (JSON) and version. */
    dashboard: {
      id: Generated<number>;
      key: string;
      name_zh: string;
      name_en: string;
      /** JSON: the `DashboardDefinition`. */
      definition: string;
      version: number;
      /** 1 when it came from `dashboards/*.json`. */
      builtin: number;
      updated_at: number;
      updated_by: string;
    };
    /** Every saved version of a dashboard (who, when, the definition), for the history and restore. */
    dashboard_version: {
      id: Generated<number>;
      dashboard_id: number;
      version: number;
      definition: string;
      saved_at: number;
      saved_by: string;
    };
    /** A camera of the wall: an HLS stream the browser plays. */
    wall_camera: {
      id: Generated<number>;
      name: string;
      /** The region it watches (isolation); null: any viewer. */
      regionid: number | null;
      hls_url: string;
      position: string;
      sort: number;
    };
    /** A notice in rich text; `html` is stored sanitized. */
    wall_notice: {
      id: Generated<number>;
      title: string;
      html: string;
      updated_at: number;
      updated_by: string;
    };
    /** An origin (`https://host:port`) whose pages may be framed. */
    wall_frame_origin: {
      origin: string;
    };
    /** A role's home dashboard; `sort` decides which of a user's roles wins. */
    dashboard_home: {
      role: string;
      dashboard_key: string;
      sort: number;
    };
  }
}
