import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { isApiError } from '../api/client.ts';

/*
 * The API's per-field errors (`fields: [{ path: 'tiers.1.pointsRequired', message }]`) put under their
 * form fields. Numeric path parts become numbers: antd's Form.List names its rows 0, 1, 2 and a string
 * '1' would name no field. The API writes its field messages in the language the back office asks
 * for (Accept-Language); the common ones are put in the form's own shorter words (a field's message
 * sits under the field, so it need not name it), anything else is shown as the API wrote it.
 */

const PATTERNS: Array<[RegExp, string]> = [
  [/^is required$/, 'required'],
  [/^must be at most (\d+) characters$/, 'maxChars'],
  [/^must be at least (\d+) characters$/, 'minChars'],
  [/^must be a whole number$/, 'whole'],
  [/^must be (-?\d+) or more$/, 'min'],
  [/^must be at most (-?\d+)$/, 'max'],
  [/^must be a number$/, 'number'],
  [/^must be the name of an uploaded picture$/, 'picture'],
  [/^must be a date and time/, 'date'],
  [/^must not be before/, 'notBefore'],
  [/^must be after/, 'after'],
  [/^must be more than \w+'s (\d+)$/, 'moreThan'],
];

export function fieldMessage(t: TFunction, message: string): string {
  for (const [re, key] of PATTERNS) {
    const m = re.exec(message);
    if (m) return t(`admin.catalogue.fieldErrors.${key}`, { n: m[1] });
  }
  return message;
}

export function apiFieldErrors(t: TFunction, error: unknown) {
  if (!isApiError(error)) return [];
  return error.fields
    .filter((f) => f.path)
    .map((f) => ({
      name: f.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      errors: [fieldMessage(t, f.message)],
    }));
}

/** Shows the API's field errors on the form; true when at least one field took one. */
export function showFieldErrors(t: TFunction, form: FormInstance, error: unknown): boolean {
  const fields = apiFieldErrors(t, error);
  if (fields.length) form.setFields(fields as never);
  return fields.length > 0;
}
