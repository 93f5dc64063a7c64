import type { FormInstance, FormRule } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { z } from 'zod';
import { renderMessage } from '../../shared/messages/catalog';
import { issueMessage } from '../../shared/messages/zod-issues';
import { ApiError } from '../app/api';
import { feedback } from '../app/feedback';
import type { Lang } from '../app/i18n';

/** The first problem of a failed parse, in `lang`, with the same codes the server uses. */
export function zodIssueText(error: z.ZodError, lang: Lang): string {
  const first = error.issues[0];
  if (!first) {
    return '';
  }
  const m = issueMessage(first);
  return renderMessage(lang, m.code, m.params);
}

/**
 * An antd rule that checks a field with the contract's own zod schema, so the
 * form and the server share one definition of a valid value and one wording.
 * Empty values (and empty lists) are left to a `required` rule.
 */
export function zodRule(schema: z.ZodType, lang: Lang): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) {
        return;
      }
      const result = schema.safeParse(value, { reportInput: true });
      if (!result.success) {
        throw new Error(zodIssueText(result.error, lang));
      }
    },
  };
}

/**
 * Shows a failed save: a server error naming fields (`controls`) is put on
 * those form fields, each with its own problem; anything else becomes a toast
 * (5 s, as the API client's). `fieldNames` maps contract field names to form
 * field names where they differ.
 */
export function showSaveError(
  err: unknown,
  opts: { form: FormInstance; fields: readonly string[]; fieldNames?: Record<string, string>; message: MessageInstance; lang: Lang },
): void {
  const { form, fields, fieldNames = {}, message, lang } = opts;
  if (err instanceof DOMException && err.name === 'AbortError') {
    return;
  }
  if (err instanceof ApiError) {
    const named = err.controls.map((c) => ({ control: c, name: fieldNames[c] ?? c })).filter((c) => fields.includes(c.name));
    if (named.length) {
      form.setFields(named.map(({ control, name }) => ({ name, errors: [err.fieldText(control, lang)] })));
      return;
    }
    void message.error(err.text(lang), 5);
    return;
  }
  void message.error(err instanceof Error ? err.message : String(err), 5);
}

/** True for the rejection antd's validateFields gives for invalid fields (already shown on the form). */
export function isValidationError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'errorFields' in err;
}

/**
 * Puts the issues of a failed parse of the whole payload (cross-field rules
 * such as "limits inside the range") on the form's fields, each in `lang`;
 * issues on fields the form does not show are left out.
 */
export function showIssues(form: FormInstance, issues: readonly z.core.$ZodIssue[], fields: readonly string[], lang: Lang): void {
  form.setFields(
    issues
      .filter((i) => fields.includes(String(i.path[0])))
      .map((i) => {
        const m = issueMessage(i);
        return { name: String(i.path[0]), errors: [renderMessage(lang, m.code, m.params)] };
      }),
  );
}

/**
 * The save step of a form: validates (invalid fields already show their errors, so nothing more
 * happens), then runs `save` with the values while `setSaving` is on; a refusal is put on the
 * named `fields`, anything else shown as a message, in `lang`.
 */
export async function submitForm<V>(
  form: FormInstance<V>,
  opts: { fields: readonly string[]; lang: Lang; setSaving: (saving: boolean) => void },
  save: (values: V) => Promise<void>,
): Promise<void> {
  let values: V;
  try {
    values = await form.validateFields();
  } catch (err) {
    if (isValidationError(err)) {
      return;
    }
    throw err;
  }
  opts.setSaving(true);
  try {
    await save(values);
  } catch (err) {
    showSaveError(err, { form: form as FormInstance, fields: opts.fields, message: feedback.message, lang: opts.lang });
  } finally {
    opts.setSaving(false);
  }
}
