import { createHash, randomBytes } from 'node:crypto';

/**
 * Staff tokens (sessions and the sign-in challenge) are opaque random strings kept only as a SHA-256
 * hash: a leaked table holds no usable token, and revoking the row ends the session on its next request
 * (no signed token lives on after a revocation, as a JWT would).
 */
export const newStaffToken = (prefix: 'stf' | 'stc'): string =>
  `${prefix}_${randomBytes(32).toString('base64url')}`;

export const hashStaffToken = (token: string): string =>
  createHash('sha256').update(token).digest('base64url');
