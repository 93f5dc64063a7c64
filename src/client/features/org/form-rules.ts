import type { FormInstance, FormRule } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { z } from 'zod';
import enLocale from 'zod/v4/locales/en.js';
import zhLocale from 'zod/v4/locales/zh-CN.js';
import { ApiError } from '../../app/api';
import type { Lang } from '../../app/i18n';

const zodErrors = { zh: zhLocale().localeError, en: enLocale().localeError };

/**
 * Messages written in the contracts as 'zh / en' are shown in the current
 * language only; other messages pass through.
 */
export function localMessage(message: string, lang: Lang): string {
  const parts = message.split(' / ');
  if (parts.length !== 2) {
    return message;
  }
  return lang === 'en' ? parts[1] : parts[0];
}

/**
 * An antd rule that checks a field with the contract's own zod schema, so the
 * form and the server share one definition of a valid value. Empty values
 * (and empty lists) are left to a `required` rule, which gives a clearer message.
 */
export function zodRule(schema: z.ZodType, lang: Lang): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) {
        return;
      }
      const result = schema.safeParse(value, { error: zodErrors[lang] });
      if (!result.success) {
        throw new Error(localMessage(result.error.issues[0]?.message ?? '', lang));
      }
    },
  };
}

/**
 * Shows a failed save: a server error naming fields (`controls`) is put on
 * those form fields; anything else becomes a toast (5 s, as the API client's).
 * `fieldNames` maps contract field names to form field names where they differ.
 */
export function showSaveError(
  err: unknown,
  opts: { form: FormInstance; fields: readonly string[]; fieldNames?: Record<string, string>; message: MessageInstance; lang: Lang },
): void {
  const { form, fields, fieldNames = {}, message, lang } = opts;
  if (err instanceof DOMException && err.name === 'AbortError') {
    return;
  }
  const text = localMessage(err instanceof Error ? err.message : String(err), lang);
  if (err instanceof ApiError) {
    const named = err.controls.map((c) => fieldNames[c] ?? c).filter((c) => fields.includes(c));
    if (named.length) {
      form.setFields(named.map((name) => ({ name, errors: [text] })));
      return;
    }
  }
  void message.error(text, 5);
}

/** True for the rejection antd's validateFields gives for invalid fields (already shown on the form). */
export function isValidationError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'errorFields' in err;
}
