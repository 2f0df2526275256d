import type { PhoneCode } from '@app/contracts';
import data from './phone-codes.json' with { type: 'json' };

/** ITU country calling codes with English and Thai names, Thailand first (generated: scripts/generate-phone-codes.ts). */
export const PHONE_CODES: readonly PhoneCode[] = data;
