import type { FormInstance, FormRule } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { z } from 'zod';
import { ApiError } from '../../app/api';
import type { Lang } from '../../app/i18n';
import { localMessage, zodErrors } from './zod-messages';

/** An antd rule checking a field with the contract's own zod schema; empty values are left to `required`. */
export function zodRule(schema: z.ZodType, lang: Lang): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') {
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
 * Shows a failed save: a server error naming fields (`ApiError.controls`) is
 * put on those form fields; anything else becomes a toast.
 */
export function showSaveError(
  err: unknown,
  opts: { form: FormInstance; fields: readonly string[]; message: MessageInstance; lang: Lang },
): void {
  const { form, fields, message, lang } = opts;
  if (err instanceof DOMException && err.name === 'AbortError') {
    return;
  }
  const text = localMessage(err instanceof Error ? err.message : String(err), lang);
  if (err instanceof ApiError) {
    const named = err.controls.filter((c) => fields.includes(c));
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
