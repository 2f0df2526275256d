import { randomInt } from 'node:crypto';

/**
 * A wallet code: 16 characters from 31 that read unambiguously aloud and on a screen (no 0/O, 1/I/L),
 * about 79 bits from the system's CSPRNG — not guessable, and unique by the table's constraint.
 */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const WALLET_CODE_LENGTH = 16;

export const newWalletCode = (): string => {
  let code = '';
  for (let i = 0; i < WALLET_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
};
