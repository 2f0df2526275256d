import type { Language } from '@app/contracts';
import { languageFromHeader } from './messages.ts';

/** The language a request's answer is written in: its Accept-Language (English when none is supported). */
export const langOf = (req: { headers: { 'accept-language'?: string | undefined } }): Language =>
  languageFromHeader(req.headers['accept-language']);
