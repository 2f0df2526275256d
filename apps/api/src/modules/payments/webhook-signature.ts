import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Webhook signatures as Stripe writes them: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.
 * The timestamp is inside the signed text, so a captured request cannot be replayed with a fresh one,
 * and an old one is refused once it is outside the tolerance.
 */

/** How far the signed timestamp may be from our clock, either way (Stripe's default). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type SignatureProblem = 'missing' | 'malformed' | 'outside_tolerance' | 'mismatch';

const hmacHex = (secret: string, timestamp: number, rawBody: Buffer | string) =>
  createHmac('sha256', secret)
    .update(`${timestamp}.`)
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .digest('hex');

/** The header value for `rawBody` sent at `at`. */
export const signWebhook = (secret: string, rawBody: Buffer | string, at: Date): string => {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, rawBody)}`;
};

/**
 * Null when `header` signs exactly these bytes with `secret` at a time within the tolerance of `now`;
 * otherwise what is wrong. Several v1 entries are accepted (a gateway rotating its secret sends one
 * per secret); each is compared in constant time.
 */
export const checkWebhookSignature = (
  secret: string,
  rawBody: Buffer,
  header: string | string[] | undefined,
  now: Date,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): SignatureProblem | null => {
  if (header === undefined || header === '') return 'missing';
  // The same header twice is not something a gateway sends: refuse rather than pick one.
  if (Array.isArray(header)) return 'malformed';
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return 'malformed';
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (timestamp !== undefined || !/^\d{1,12}$/.test(value)) return 'malformed';
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!/^[0-9a-f]{64}$/i.test(value)) return 'malformed';
      signatures.push(value.toLowerCase());
    }
    // Other schemes (v0, future versions) are ignored, as Stripe's own libraries do.
  }
  if (timestamp === undefined || signatures.length === 0) return 'malformed';
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return 'outside_tolerance';
  const expected = Buffer.from(hmacHex(secret, timestamp, rawBody), 'hex');
  const matches = signatures.map((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected));
  return matches.includes(true) ? null : 'mismatch';
};
