/** How an e-mail box behaves on a phone: the e-mail keyboard, no capitals, no spelling marks. */
export const EMAIL_INPUT_PROPS = {
  type: 'email',
  inputMode: 'email',
  autoComplete: 'email',
  autoCapitalize: 'none',
  spellCheck: false,
} as const;
