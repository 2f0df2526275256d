import { afterEach, describe, expect, it } from 'vitest';
import { i18next } from '../i18n/i18n.ts';
import { ApiError } from './api-error.ts';
import { errorMessage } from './error-message.ts';

afterEach(() => void i18next.changeLanguage('en'));

describe('errorMessage', () => {
  const t = i18next.t.bind(i18next);

  it('translates a known code in the member language', async () => {
    const error = new ApiError(400, 'otp_invalid', ['Invalid code']);
    expect(errorMessage(t, error)).toBe('The code is incorrect. Please check it and try again.');
    await i18next.changeLanguage('th');
    expect(errorMessage(i18next.t.bind(i18next), error)).toBe('รหัสไม่ถูกต้อง กรุณาตรวจสอบแล้วลองอีกครั้ง');
  });

  it("falls back to the server's first message, then to the generic text", () => {
    expect(errorMessage(t, new ApiError(418, 'brand_new_code', ['Server says no']))).toBe('Server says no');
    expect(errorMessage(t, new ApiError(500, 'brand_new_code', []))).toBe('Error occurred');
    expect(errorMessage(t, new Error('boom'))).toBe('Error occurred');
  });

  it('explains an unreachable server', () => {
    expect(errorMessage(t, new ApiError(0, 'network_error', []))).toMatch(/connection/);
  });
});
