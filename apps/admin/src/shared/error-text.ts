import type { TFunction } from 'i18next';
import { i18next } from './i18n.ts';
import { isApiError, NETWORK_ERROR } from '../api/client.ts';

/** A refusal of the screen's own (before anything is sent), already in the chosen language. */
export class Refusal extends Error {}

/** What to tell staff about a failed call: `errors.<code>` in the chosen language, else the server's text. */
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof Refusal) return error.message;
  if (!isApiError(error)) return t('errors.generic');
  if (error.code === NETWORK_ERROR) return t('admin.common.networkError');
  const key = `errors.${error.code}`;
  if (i18next.exists(key)) return t(key);
  return error.messages[0] ?? t('errors.generic');
}

/** Per-field messages for an antd Form from a validation_failed answer (path `points` → field `points`). */
export function fieldErrors(error: unknown): Array<{ name: string[]; errors: string[] }> {
  if (!isApiError(error)) return [];
  return error.fields.filter((f) => f.path).map((f) => ({ name: f.path.split('.'), errors: [f.message] }));
}
