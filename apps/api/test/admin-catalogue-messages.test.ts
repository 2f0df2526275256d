import { ErrorEnvelopeSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture, type CatalogueFixture } from './helpers/catalogue-fixture.ts';
import { signInStaff, type SignedInStaff } from './helpers/staff.ts';

const DAY = 86_400_000;
const at = (days: number) => new Date(FIXTURE_NOW.getTime() + days * DAY).toISOString();

/**
 * The catalogue forms' per-field refusals come in the request's language: the schema's cross-field
 * rules (sale and validity windows, coupon dates and percent, an option named twice) by the key they
 * name, and an upload without its file.
 */
describe("back office catalogue: per-field messages in the staff member's language", () => {
  let t: TestApp;
  let f: CatalogueFixture;
  let marketing: SignedInStaff;

  const post = async (url: string, payload: unknown, lang: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin/api/catalogue${url}`,
      headers: { ...marketing.headers, 'accept-language': lang },
      payload: payload as object,
    });
    expect(res.statusCode, res.body).toBe(400);
    const body = ErrorEnvelopeSchema.parse(res.json());
    return new Map((body.fields ?? []).map((x) => [x.path, x.message]));
  };

  const voucher = (over: object = {}) => ({
    storeId: f.m.kafae,
    categoryId: f.cat.cafe,
    titleTh: 'บัตรกำนัล',
    price: 100,
    saleStartsAt: at(1),
    saleEndsAt: at(0),
    validDays: 30,
    ...over,
  });
  const forms = () => ({
    voucher: ['/vouchers', voucher(), 'saleEndsAt'],
    options: [
      '/vouchers',
      voucher({
        saleEndsAt: null,
        priceOptions: [
          { id: '00000000-0000-4000-8000-000000000001', labelTh: 'ก', price: 1 },
          { id: '00000000-0000-4000-8000-000000000001', labelTh: 'ข', price: 2 },
        ],
      }),
      'priceOptions',
    ],
    privilege: [
      '/privileges',
      {
        storeId: f.m.kafae,
        categoryId: f.cat.cafe,
        titleTh: 'สิทธิ์',
        pointsCost: 10,
        validFrom: at(1),
        validUntil: at(0),
      },
      'validUntil',
    ],
    coupon: [
      '/coupons',
      {
        code: 'WINDOW',
        titleTh: 'คูปอง',
        discountType: 'percent',
        discountValue: 150,
        startsAt: at(1),
        endsAt: at(1),
      },
      'endsAt',
    ],
    banner: [
      '/banners',
      {
        position: 'TOP',
        titleTh: 'แบนเนอร์',
        imageFile: 'buffet-festival-1.svg',
        startsAt: at(1),
        endsAt: at(0),
      },
      'endsAt',
    ],
  });

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW) });
    f = await seedCatalogueFixture(t.db);
    marketing = await signInStaff(t, 'marketing');
  });
  afterAll(() => t.close());

  it('answers a Thai request with a bad sale window in Thai, field by field', async () => {
    const th = await post('/vouchers', voucher(), 'th');
    expect(th.get('saleEndsAt')).toBe('วันสิ้นสุดการขายต้องไม่อยู่ก่อนวันเริ่มขาย');
    const en = await post('/vouchers', voucher(), 'en');
    expect(en.get('saleEndsAt')).toBe('The sale must not end before it starts.');
  });

  it('words every cross-field rule of the forms in Thai for a Thai request, and in English otherwise', async () => {
    const expected = {
      voucher: ['วันสิ้นสุดการขายต้องไม่อยู่ก่อนวันเริ่มขาย', 'The sale must not end before it starts.'],
      options: ['มีตัวเลือกราคาเดียวกันซ้ำสองครั้ง', 'The same price option is listed twice.'],
      privilege: ['วันสิ้นสุดสิทธิพิเศษต้องไม่อยู่ก่อนวันเริ่มต้น', 'The privilege must not end before it starts.'],
      coupon: ['วันสิ้นสุดคูปองต้องอยู่หลังวันเริ่มต้น', 'The coupon must end after it starts.'],
      banner: ['วันสิ้นสุดแบนเนอร์ต้องไม่อยู่ก่อนวันเริ่มต้น', 'The banner must not end before it starts.'],
    };
    for (const [name, [url, payload, field]] of Object.entries(forms())) {
      const [thai, english] = expected[name as keyof typeof expected];
      expect((await post(url as string, payload, 'th-TH,th;q=0.9')).get(field as string), name).toBe(thai);
      expect((await post(url as string, payload, 'en-US')).get(field as string), name).toBe(english);
    }
    const percent = await post('/coupons', forms().coupon[1], 'th');
    expect(percent.get('discountValue')).toBe('ส่วนลดแบบเปอร์เซ็นต์ต้องอยู่ระหว่าง 1 ถึง 100');
    expect((await post('/coupons', forms().coupon[1], 'en')).get('discountValue')).toBe(
      'A percent discount must be between 1 and 100.',
    );
  });

  it('says an upload without its file in Thai', async () => {
    const boundary = 'no-file-boundary';
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/catalogue/images',
      headers: {
        ...marketing.headers,
        'accept-language': 'th',
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nx\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode, res.body).toBe(400);
    const body = ErrorEnvelopeSchema.parse(res.json());
    expect(body.fields?.[0]?.path).toBe('file');
    expect(body.message[0]).toContain('กรุณาเลือกรูปภาพที่จะอัปโหลด');
    expect(body.message.join(' ')).not.toContain('An image file is required');
  });
});
