/* The tables of this module, added to the store's schema (`store/schema.ts`) by declaration merging. */
declare module '../../store/schema.js' {
  interface Database {
    /** A 3D model of the plant: its GLB under `models/` and where its metres sit on the earth. */
    plant_model: {
      model: string;
      name: string;
      name_en: string;
      /** File name under `models/`. */
      file: string;
      origin_lon: number;
      origin_lat: number;
      /** The scene's origin in layout metres. */
      centre_x: number;
      centre_y: number;
    };
    /** One bound node of a model: node → kind, region code, tags, level tag. */
    plant_model_node: {
      model: string;
      node: string;
      kind: string;
      name: string;
      name_en: string;
      region: string;
      /** JSON array of tag ids. */
      tags: string;
      level_tag: string | null;
      level_lo: number | null;
      level_hi: number | null;
      /** Code of the major hazard register's device the node stands for (null: none). */
      equipment: string | null;
      updated_at: number;
    };
    /** A plant's own uploaded GLB (the bytes) and what was checked of it. */
    plant_model_file: {
      model: string;
      data: Uint8Array;
      bytes: number;
      sha256: string;
      /** JSON array of the GLB's node names, in glTF order. */
      node_names: string;
      uploaded_by: string;
      uploaded_at: number;
    };
  }
}
export {};
