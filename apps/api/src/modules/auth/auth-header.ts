/**
 * The two accepted forms of the Authorization header:
 * - a JSON object `{"accessToken":"…","refreshToken":"…"}` (what the web app sends), and
 * - `Bearer <token>`.
 */
export interface PresentedTokens {
  accessToken?: string;
  refreshToken?: string;
}

const nonEmpty = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;

/** A refresh token is opaque base64url; an access token is a JWT (three dot-separated parts). */
const looksLikeJwt = (token: string) => token.split('.').length === 3;

export const parseAuthorization = (header: string | undefined): PresentedTokens => {
  const value = header?.trim();
  if (!value) return {};
  if (value.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed !== 'object' || parsed === null) return {};
      const o = parsed as Record<string, unknown>;
      const accessToken = nonEmpty(o.accessToken);
      const refreshToken = nonEmpty(o.refreshToken);
      return { ...(accessToken ? { accessToken } : {}), ...(refreshToken ? { refreshToken } : {}) };
    } catch {
      return {};
    }
  }
  const bearer = /^Bearer\s+(\S+)$/i.exec(value)?.[1];
  if (!bearer) return {};
  // `Bearer <refresh token>` is how a non-browser client presents the refresh token to /auth/refresh-token.
  return looksLikeJwt(bearer) ? { accessToken: bearer } : { refreshToken: bearer };
};
