import type { ChargeStatus } from '../../db/schema.ts';
import { BANGKOK_OFFSET_MS } from '@app/contracts/dates';

/*
 * The sandbox's test cards, after the gateways' own lists (Stripe, Opn): a few numbers with a known
 * outcome. Any other number is refused, so nobody is tempted to type a real card into a dev page.
 */

export interface CardOutcome {
  status: Extract<ChargeStatus, 'successful' | 'failed'>;
  failureCode: string | null;
}

export const TEST_CARDS: ReadonlyArray<{ number: string; outcome: CardOutcome; label: string }> = [
  { number: '4242424242424242', outcome: { status: 'successful', failureCode: null }, label: 'succeeds' },
  {
    number: '4000000000000002',
    outcome: { status: 'failed', failureCode: 'payment_rejected' },
    label: 'declined',
  },
  {
    number: '4000000000009995',
    outcome: { status: 'failed', failureCode: 'insufficient_fund' },
    label: 'insufficientFunds',
  },
];

export type CardField = 'number' | 'expiry' | 'cvc';
/** The locale key (under sandbox.card.errors) of what is wrong with each field. */
export type CardErrors = Partial<Record<CardField, string>>;

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

const luhnValid = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

/** 4242 4242 4242 4242 as it is printed on a card: groups of four. */
export const groupCardNumber = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** A card is good through the last day of its expiry month (Bangkok time). */
const expiryProblem = (expiry: string, now: Date): string | undefined => {
  const m = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!m) return 'expiry';
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return 'expiry';
  const endOfMonth = Date.UTC(year, month, 1) - BANGKOK_OFFSET_MS;
  return endOfMonth <= now.getTime() ? 'expired' : undefined;
};

/** What the card form says: field errors to show again, or the test card's outcome. */
export const checkCard = (
  input: CardInput,
  now: Date,
): { errors: CardErrors; outcome?: undefined } | { errors?: undefined; outcome: CardOutcome } => {
  const errors: CardErrors = {};
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) errors.number = 'number';
  const expiry = expiryProblem(input.expiry, now);
  if (expiry) errors.expiry = expiry;
  if (!/^\d{3,4}$/.test(input.cvc.trim())) errors.cvc = 'cvc';
  const card = TEST_CARDS.find((c) => c.number === digits);
  if (!errors.number && !card) errors.number = 'notTestCard';
  if (Object.keys(errors).length > 0 || !card) return { errors };
  return { outcome: card.outcome };
};
