import { TOTP_ISSUER } from '@app/contracts';
import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 defaults, which every authenticator app uses: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;

export const newTotpSecret = (): string => generateSecret({ length: 20 });

export const totpUri = (secret: string, email: string): string =>
  generateURI({ issuer: TOTP_ISSUER, label: email, secret });

/**
 * The 30-second step a code belongs to, when it is right for the step before, the current one or the
 * one after (a phone's clock a little off) and later than `lastStep` — a code already used, or one
 * older than it, never works again. Undefined otherwise.
 */
export const checkTotp = async (
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): Promise<number | undefined> => {
  const epoch = Math.floor(now.getTime() / 1000);
  const newestStep = Math.floor(epoch / PERIOD_SECONDS) + 1;
  // otplib refuses an afterTimeStep past the window (a clock set back): nothing in the window is newer.
  if (lastStep !== null && lastStep >= newestStep) return undefined;
  const result = await verify({
    secret,
    token: code,
    epoch,
    period: PERIOD_SECONDS,
    epochTolerance: PERIOD_SECONDS,
    ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
  });
  // The TOTP result carries its step (the HOTP one, sharing the type, does not).
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
};
