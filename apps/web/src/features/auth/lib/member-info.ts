import type { LoginData, MemberInfo } from '@app/contracts';

/** The member's info from a login or refresh answer, without the tokens. */
export function memberInfoOf(data: LoginData): MemberInfo {
  const { accessToken: _a, refreshToken: _r, refreshTokens: _list, ...info } = data;
  return info;
}

/** Spec section 7: login reads the refresh token from `refreshTokens[0].token`, refresh from `refreshToken`. */
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

export function initialsOf(info: Pick<MemberInfo, 'firstName' | 'lastName' | 'email'> | null): string {
  const first = info?.firstName?.trim().charAt(0) ?? '';
  const last = info?.lastName?.trim().charAt(0) ?? '';
  const initials = `${first}${last}`.toUpperCase();
  return initials || (info?.email.charAt(0).toUpperCase() ?? '?');
}
