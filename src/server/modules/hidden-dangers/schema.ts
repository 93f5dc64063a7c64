/* The tables of this module, added to the store's schema by declaration merging. */
declare module '../../store/schema.js' {
  interface Database {
    /** Where a hidden danger's deadline stands: the reminder sent and the escalation level reached, so each is sent once. */
    hidden_danger_deadline: {
      record_id: number;
      /** The deadline these refer to; a new deadline (sent back and assigned again) starts over. */
      deadline: number;
      reminded_at: number | null;
      level: number;
      updated_at: number;
    };
    /** The plant's list of 重大 criteria (121 号, seeded once): wording it keeps, items it switched off. */
    hidden_danger_criterion: {
      no: number;
      zh: string;
      en: string;
      enabled: number;
      updated_at: number | null;
      updated_by: string | null;
    };
  }
}
export {};
