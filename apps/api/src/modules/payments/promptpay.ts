import { anyId } from 'promptparse/generate';

/**
 * The EMVCo "Thai QR Payment" payload of a PromptPay transfer of `amount` baht to `promptPayId`
 * (a mobile number or a 13-digit tax id, as config validated it): tag 29 with the PromptPay AID,
 * point of initiation 12 (dynamic: one payment, amount fixed), currency 764, country TH and the
 * CRC16-CCITT in tag 63, so a Thai bank app scans it with the amount filled in.
 */
export const promptPayPayload = (promptPayId: string, amount: number): string =>
  anyId({ type: promptPayId.length === 10 ? 'MSISDN' : 'NATID', target: promptPayId, amount });
