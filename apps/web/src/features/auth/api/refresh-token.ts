import type { LoginData } from '@app/contracts';
import { api } from '../../../shared/api/client.ts';
import { takeEarlyRefresh } from '../../../shared/api/early-refresh.ts';

/**
 * Rotates the stored refresh token (sent in the Authorization header) for a new pair and fresh info.
 * Cast, not parsed: it runs at the start of every signed-in visit, and the API's serializer already
 * holds the answer to the contract (docs/decisions.md, "No Zod on a first screen"). The first one of a
 * visit is usually on its way already: index.html sends it with the page.
 */
export const refreshToken = async () =>
  (await api.get('/auth/refresh-token', { response: takeEarlyRefresh() })) as LoginData;
