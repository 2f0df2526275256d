import { api } from '../../../shared/api/client.ts';

/**
 * Ends the session on the server. Fire and forget: the request is built with the stored tokens at
 * once (before the caller clears them), and the member is signed out locally whatever it answers.
 */
export const logoutOnServer = (): void => {
  void api.post('/auth/logout').catch(() => undefined);
};
