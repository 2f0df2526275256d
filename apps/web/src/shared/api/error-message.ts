import type { TFunction } from 'i18next';
import { i18next } from '../i18n/i18n.ts';
import { isApiError, NETWORK_ERROR, TIMEOUT_ERROR } from './api-error.ts';

/**
 * What to tell the member about a failed call: our translation of the error code when there is one,
 * else the server's first message, else the generic text.
 */
export function errorMessage(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('errors.generic');
  if (error.code === NETWORK_ERROR) return t('common.networkError');
  if (error.code === TIMEOUT_ERROR) return t('common.timeoutError');
  const key = `errors.${error.code}`;
  if (i18next.exists(key)) return t(key as 'errors.generic');
  return error.messages[0] ?? t('errors.generic');
}
