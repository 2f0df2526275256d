import type { LoginData } from '@app/contracts';
import type { MemberRow } from '../../db/schema.ts';
import { presentMember } from '../member/index.ts';
import type { IssuedRefreshToken } from './session.service.ts';

/** Member info plus the tokens, where the app's client reads them (data.accessToken, data.refreshTokens[0].token). */
export const presentSession = (
  member: MemberRow,
  accessToken: string,
  refresh: IssuedRefreshToken,
): LoginData => ({
  ...presentMember(member),
  accessToken,
  refreshToken: refresh.token,
  refreshTokens: [{ token: refresh.token, expiresAt: refresh.expiresAt.toISOString() }],
});
