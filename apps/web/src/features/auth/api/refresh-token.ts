import { api } from '../../../shared/api/client.ts';

/**
 * Rotates the stored refresh token (sent in the Authorization header) for a new pair and fresh info.
 * The contract loads beside the request rather than in the first download of every page.
 */
export const refreshToken = async () => {
  const [data, { LoginDataSchema }] = await Promise.all([
    api.get('/auth/refresh-token'),
    import('@app/contracts'),
  ]);
  return LoginDataSchema.parse(data);
};
