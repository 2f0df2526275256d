import { isEmail } from '@app/contracts/constants';

/** How an e-mail box behaves on a phone: the e-mail keyboard, no capitals, no spelling marks. */
export const EMAIL_INPUT_PROPS = {
  type: 'email',
  inputMode: 'email',
  autoComplete: 'email',
  autoCapitalize: 'none',
  spellCheck: false,
} as const;

/**
 * What is wrong with a typed e-mail address, or null: filled in, then the same address check the API
 * makes (isEmail = EmailSchema). The one rule behind every e-mail field, antd's or light.
 */
export const emailProblem = (
  value: string | undefined,
  messages: { required: string; invalid: string },
): string | null => (!value?.trim() ? messages.required : isEmail(value) ? null : messages.invalid);
