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
export function fillTemplate(template: string, params: MessageParams | undefined, lang: Lang = 'zh'): string {
  if (!params) {
    return template;
  }
  // A parameter that is itself a name in both languages travels as `name` and `name_en`; English text takes `name_en`.
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const localised = lang === 'en' && `${name}_en` in params ? `${name}_en` : name;
    return localised in params ? String(params[localised]) : whole;
  });
}

export type { Lang };
