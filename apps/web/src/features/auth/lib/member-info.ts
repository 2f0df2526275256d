import type { LoginData, MemberInfo } from '@app/contracts';

/** The member's info from a login or refresh answer, without the tokens. */
export function memberInfoOf(data: LoginData): MemberInfo {
  const { accessToken: _a, refreshToken: _r, refreshTokens: _list, ...info } = data;
  return info;
}

/** Login answers the refresh token as `refreshTokens[0].token`, a refresh as `refreshToken`. */
export function tokensOf(
  data: LoginData,
  from: 'login' | 'refresh',
): { accessToken: string; refreshToken: string } {
  const refreshToken =
    from === 'login' ? (data.refreshTokens[0]?.token ?? data.refreshToken) : data.refreshToken;
  return { accessToken: data.accessToken, refreshToken };
}

export function displayName(info: Pick<MemberInfo, 'firstName' | 'lastName'> | null): string {
  return [info?.firstName, info?.lastName].filter((s): s is string => !!s && s.trim() !== '').join(' ');
}

/** Thai vowels written before their consonant (เ แ โ ใ ไ): never an initial. */
const LEADING_THAI_VOWEL = /[\u0E40-\u0E44]/;
const THAI = /[\u0E00-\u0E7F]/;

const initialOf = (name: string | null | undefined) =>
  [...(name ?? '').trim()].find((ch) => /\p{L}/u.test(ch) && !LEADING_THAI_VOWEL.test(ch)) ?? '';

/**
 * "Somchai Jaidee" → "SJ"; Thai names take the first name's first consonant: "สมชาย ใจดี" → "ส".
 * Empty without a name: the avatar then shows a neutral picture rather than a Latin letter of the
 * e-mail address, which reads oddly on a Thai screen.
 */
export function initialsOf(info: Pick<MemberInfo, 'firstName' | 'lastName'> | null): string {
  const first = initialOf(info?.firstName);
  return THAI.test(first) ? first : `${first}${initialOf(info?.lastName)}`.toUpperCase();
}
