import type { Lang } from '../time.js';

/** Parameters of a message: filled into `{name}` placeholders of its template. */
export type MessageParams = Record<string, string | number>;

/** One message in both languages. Templates use `{name}` placeholders for parameters. */
export interface MessageText {
  zh: string;
  en: string;
}

/**
 * Declares the messages of one area. zh and en sit side by side so they stay
 * in step; each area's file is merged into the catalog (`catalog.ts`).
 */
export function defineMessages<const T extends Record<string, MessageText>>(messages: T): T {
  return messages;
}

/** Fills `{name}` placeholders; a placeholder without a parameter is left as written, so a gap shows. */
export function fillTemplate(template: string, params: MessageParams | undefined): string {
  if (!params) {
    return template;
  }
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export type { Lang };
