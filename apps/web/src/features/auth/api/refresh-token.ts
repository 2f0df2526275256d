import type { LoginData } from '@app/contracts';
import { api } from '../../../shared/api/client.ts';

/**
 * Rotates the stored refresh token (sent in the Authorization header) for a new pair and fresh info.
 * Cast, not parsed: it runs at the start of every signed-in visit, and the API's serializer already
 * holds the answer to the contract (docs/decisions.md, "No Zod on a first screen").
 */
export const refreshToken = async () => (await api.get('/auth/refresh-token')) as LoginData;
