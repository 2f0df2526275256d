import type { Language } from '@app/contracts';
import { renderCodeMail } from '../../../mail/otp-mail.ts';

/**
 * The back office's sign-in code: the member mail's layout, its own words (it names the back office,
 * so a member who gets one by mistake is not confused). The code stands alone on its line, as in
 * every code mail (phones offer to copy it; the tests read it there).
 */
export const renderStaffCodeMail = (to: string, lang: Language, code: string, ttlSeconds: number) =>
  renderCodeMail('staffSignIn', to, lang, code, ttlSeconds);
