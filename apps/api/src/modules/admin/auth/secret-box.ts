import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals short secrets (an authenticator app's TOTP secret) for the database: AES-256-GCM under a key
 * derived with HKDF from the server secret, so a copy of the table alone (a leaked backup, a support
 * query) does not let anyone mint second-factor codes. A changed JWT_SECRET makes sealed secrets
 * unreadable: staff then enrol again after a reset (docs/operations.md).
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keys = new Map<string, Buffer>();
const keyOf = (serverSecret: string): Buffer => {
  let key = keys.get(serverSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', serverSecret, 'privileges', 'staff-totp-secret:v1', 32));
    keys.set(serverSecret, key);
  }
  return key;
};

export const seal = (serverSecret: string, plain: string): string => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
};

/** The sealed text, or undefined when it was sealed under another key or altered. */
export const unseal = (serverSecret: string, sealed: string): string | undefined => {
  const [version, payload] = sealed.split('.');
  if (version !== VERSION || !payload) return undefined;
  const raw = Buffer.from(payload, 'base64url');
  if (raw.length <= IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return undefined;
  }
};
