import { CatalogueImageResponseSchema, ErrorEnvelopeSchema } from '@app/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_UPLOAD_WINDOW_SECONDS,
  CATALOGUE_UPLOADS_PER_STAFF,
} from '../src/modules/admin/catalogue/catalogue.routes.ts';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW } from './helpers/catalogue-fixture.ts';
import { signInStaff, type SignedInStaff } from './helpers/staff.ts';

/** A multipart/form-data body with one PNG file part. */
const multipart = (bytes: Buffer) => {
  const boundary = '----upload-limit-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

describe('back office catalogue: picture uploads are limited per staff member', () => {
  let t: TestApp;
  let marketing: SignedInStaff;
  let owner: SignedInStaff;
  let png: Buffer;

  const upload = (who: SignedInStaff, lang = 'en') => {
    const m = multipart(png);
    return t.app.inject({
      method: 'POST',
      url: '/admin/api/catalogue/images?kind=vouchers',
      headers: { ...who.headers, ...m.headers, 'accept-language': lang },
      payload: m.payload,
    });
  };

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW) });
    [marketing, owner] = await Promise.all([signInStaff(t, 'marketing'), signInStaff(t, 'owner')]);
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#335577' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  it(`answers 429 with Retry-After in the staff member's language past ${CATALOGUE_UPLOADS_PER_STAFF} uploads in ${CATALOGUE_UPLOAD_WINDOW_SECONDS / 60} minutes; other staff are not held back`, async () => {
    expect([CATALOGUE_UPLOADS_PER_STAFF, CATALOGUE_UPLOAD_WINDOW_SECONDS]).toEqual([60, 600]);
    for (let i = 0; i < CATALOGUE_UPLOADS_PER_STAFF; i++) {
      const res = await upload(marketing);
      expect(res.statusCode, `upload ${i + 1}: ${res.body}`).toBe(200);
      CatalogueImageResponseSchema.parse(res.json());
    }
    const refused = await upload(marketing, 'th');
    expect(refused.statusCode, refused.body).toBe(429);
    const body = ErrorEnvelopeSchema.parse(refused.json());
    expect(body.code).toBe('rate_limited');
    expect(body.message[0]).toBe('มีคำขอมากเกินไป กรุณารอสักครู่แล้วลองอีกครั้ง');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CATALOGUE_UPLOAD_WINDOW_SECONDS);
    // Counted per staff member: another one still uploads.
    expect((await upload(owner)).statusCode).toBe(200);
  });
});
