import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clientErrorHandler } from '../src/http/errors.ts';
import { bearer, buildTestApp, json, signIn, type TestApp } from './helpers/build-test-app.ts';

type Err = {
  success: false;
  code: string;
  message: string[];
  requestId: string;
  fields?: { path: string; message: string }[];
};

const TH = { 'accept-language': 'th' };

/** Sends `text` as is over a TCP connection and returns everything the server wrote before closing. */
const rawHttp = (port: number, text: string) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    socket.on('data', (c: Buffer) => chunks.push(c));
    // The server closes right after answering; a reset then is no failure of the answer itself.
    socket.on('error', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

const parseRaw = (raw: string) => {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
};

describe('text PostgreSQL cannot hold is refused at the edge', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    // Any route inherits the rule; this one echoes whatever passes it.
    t.app.post('/test/echo', { schema: { body: z.unknown() } }, async (req) => ({
      success: true,
      data: req.body,
    }));
  });
  afterAll(() => t.close());

  it('a NUL in the query of the catalogue and the dev mailbox is a 400, not a 500', async () => {
    for (const [url, path] of [
      ['/bff/vouchers?q=%00', 'querystring.q'],
      ['/bff/vouchers?category=abc%00', 'querystring.category'],
      ['/bff/privileges?category=%00', 'querystring.category'],
      ['/bff/privileges?q=a%00b', 'querystring.q'],
      ['/dev/mailbox?to=%00', 'querystring.to'],
      ['/dev/mailbox.json?to=x%00%40example.com', 'querystring.to'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      const body = json<Err>(res);
      expect(body).toMatchObject({
        success: false,
        code: 'invalid_characters',
        message: [expect.stringContaining('cannot be accepted'), expect.stringContaining(path)],
        requestId: res.headers['x-request-id'],
      });
      expect(body.fields?.map((f) => f.path)).toEqual([path]);
    }
    const th = await t.app.inject({ method: 'GET', url: '/bff/vouchers?q=%00', headers: TH });
    expect(json<Err>(th).message[0]).toBe(
      'ข้อความบางส่วนมีอักขระที่ไม่สามารถรับได้ เช่น อักขระควบคุมที่มองไม่เห็น กรุณาลบออกแล้วลองอีกครั้ง',
    );
    expect(t.logs.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('Thai, emoji and other control characters still search normally', async () => {
    for (const q of ['กาแฟ', '☕️👍🏽', 'a\u0001b', "' OR 1=1 --", '%_\\']) {
      const res = await t.app.inject({ method: 'GET', url: `/bff/vouchers?q=${encodeURIComponent(q)}` });
      expect(res.statusCode, q).toBe(200);
    }
  });

  it('finds NUL and unpaired surrogates at any depth of a JSON body, in keys too', async () => {
    const echo = (payload: string, type = 'application/json') =>
      t.app.inject({ method: 'POST', url: '/test/echo', payload, headers: { 'content-type': type } });
    const cases: Array<[string, string[]]> = [
      [JSON.stringify({ a: { b: [{ c: 'ok' }, { c: 'x\u0000' }] } }), ['a.b.1.c']],
      ['{"name":"Som\\ud800chai"}', ['name']],
      ['{"name":"\\udc00"}', ['name']],
      ['{"name":"\\ude00\\ud83d"}', ['name']],
      ['{"a\\u0000b":1}', ['a\uFFFDb']],
      ['{"first":"\\u0000","second":{"third":"\\u0000"}}', ['first', 'second.third']],
      [`${'['.repeat(5000)}"\\u0000"${']'.repeat(5000)}`, [Array(5000).fill('0').join('.')]],
    ];
    for (const [payload, paths] of cases) {
      const res = await echo(payload);
      expect(res.statusCode, payload.slice(0, 40)).toBe(400);
      const body = json<Err>(res);
      expect(body.code).toBe('invalid_characters');
      expect(body.fields?.map((f) => f.path)).toEqual(paths);
    }
    const plain = await echo('a\u0000b', 'text/plain');
    expect(plain.statusCode).toBe(400);
    expect(json<Err>(plain).code).toBe('invalid_characters');

    // A surrogate pair (an emoji) is one well-formed character and passes.
    const fine = { name: 'สมชาย 😀 \u202Eabc', list: ['\t\n', { deep: '🇹🇭' }] };
    const ok = await echo(JSON.stringify(fine));
    expect(ok.statusCode).toBe(200);
    expect(json<{ data: unknown }>(ok).data).toEqual(fine);
  });

  it('comes before the schema: a NUL in a field a route validates is named as such', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/otp/send-otp',
      payload: { email: 'som\u0000chai@example.com' },
      headers: TH,
    });
    expect(res.statusCode).toBe(400);
    expect(json<Err>(res)).toMatchObject({ code: 'invalid_characters', fields: [{ path: 'email' }] });
    const param = await t.app.inject({ method: 'GET', url: '/bff/vouchers/%00' });
    expect(param.statusCode).toBe(400);
    expect(json<Err>(param)).toMatchObject({ code: 'invalid_characters', fields: [{ path: 'params.id' }] });
  });
});

describe('the same rule in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { nodeEnv: 'production' } });
  });
  afterAll(() => t.close());

  it('answers 400 invalid_characters for a NUL in the catalogue query', async () => {
    for (const url of ['/bff/vouchers?q=%00', '/bff/vouchers?category=%00', '/bff/privileges?category=%00']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(json<Err>(res).code).toBe('invalid_characters');
    }
    expect(t.logs.filter((l) => l.level >= 50)).toEqual([]);
  });
});

describe('a broken avatar upload', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    token = (await signIn(t)).accessToken;
  });
  afterAll(() => t.close());

  const part =
    '--b0undary\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n' +
    'Content-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n';

  it('is a 400 envelope whether the boundary is missing or unusable, the body cut short or garbage', async () => {
    for (const [label, type, payload] of [
      ['no boundary', 'multipart/form-data', `${part}\r\n--b0undary--\r\n`],
      ['cut short', 'multipart/form-data; boundary=b0undary', part],
      ['cut in the part header', 'multipart/form-data; boundary=b0undary', part.slice(0, 40)],
      ['garbage', 'multipart/form-data; boundary=b0undary', '\u0000\u00ffgarbage\r\n\r\n'],
      ['empty boundary', 'multipart/form-data; boundary=""', part],
      ['boundary over 256 characters', `multipart/form-data; boundary=${'b'.repeat(300)}`, part],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/users/avatar',
        payload,
        headers: { ...bearer(token), ...TH, 'content-type': type },
      });
      expect(res.statusCode, label).toBe(400);
      expect(json<Err>(res), label).toMatchObject({
        success: false,
        code: 'validation_failed',
        message: ['ข้อมูลบางส่วนไม่ถูกต้อง', 'The upload is not valid multipart/form-data'],
        requestId: res.headers['x-request-id'],
      });
    }
    expect(t.logs.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('still tells a form without a file from a broken one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/users/avatar',
      payload: '--b0undary--\r\n',
      headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=b0undary' },
    });
    expect(res.statusCode).toBe(400);
    expect(json<Err>(res).message).toEqual([
      'Some of the information is not valid.',
      'file: An image file is required',
    ]);
  });
});

describe("the router's and the HTTP parser's refusals are the envelope too", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('414 for a path parameter over 100 characters, in Thai for a Thai reader', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/bff/vouchers/${'a'.repeat(101)}`, headers: TH });
    expect(res.statusCode).toBe(414);
    expect(json<Err>(res)).toEqual({
      success: false,
      code: 'url_too_long',
      message: ['ที่อยู่เว็บนี้ยาวเกินไป'],
      requestId: res.headers['x-request-id'],
    });
    const en = await t.app.inject({ method: 'GET', url: `/media/avatars/${'a'.repeat(150)}` });
    expect(json<Err>(en)).toMatchObject({ code: 'url_too_long', message: ['This web address is too long.'] });
  });

  it('400 bad_url for a broken %-escape in the path', async () => {
    for (const url of ['/bff/vouchers/%zz', '/bff/privileges/%E0%A4%A/like', '/media/avatars/%']) {
      const res = await t.app.inject({ method: url.includes('like') ? 'POST' : 'GET', url, headers: TH });
      expect(res.statusCode, url).toBe(400);
      expect(json<Err>(res), url).toEqual({
        success: false,
        code: 'bad_url',
        message: ['ที่อยู่เว็บนี้ไม่ถูกต้อง'],
        requestId: res.headers['x-request-id'],
      });
    }
  });

  it('431 for headers over the limit, written to the socket as the envelope in the asked language', async () => {
    for (const [lang, text] of [
      ['th', 'ส่วนหัวของคำขอมีขนาดใหญ่เกินไป'],
      ['en', 'The request headers are too large.'],
    ] as const) {
      const raw = await rawHttp(
        port,
        `GET /health HTTP/1.1\r\nHost: localhost\r\nAccept-Language: ${lang}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      const res = parseRaw(raw);
      expect(res.status, raw.slice(0, 200)).toBe(431);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
      expect(JSON.parse(res.body)).toEqual({
        success: false,
        code: 'headers_too_large',
        message: [text],
        requestId: res.headers['x-request-id'],
      });
    }
  });

  it('400 for a request the parser cannot read', async () => {
    const res = parseRaw(await rawHttp(port, 'GET /health HTTP/1.1\r\nHost: a\r\nBad Header\r\n\r\n'));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, code: 'validation_failed' });
  });

  it('408 for a request that never arrived in full', () => {
    const written: string[] = [];
    let destroyed = false;
    const socket = {
      writable: true,
      destroyed: false,
      write: (s: string) => written.push(s),
      destroy: () => void (destroyed = true),
    } as unknown as Socket;
    const err = Object.assign(new Error('Request timeout'), {
      code: 'ERR_HTTP_REQUEST_TIMEOUT',
      rawPacket: Buffer.from('GET / HTTP/1.1\r\nAccept-Language: th-TH,th;q=0.9\r\n'),
    });
    clientErrorHandler.call(t.app, err, socket);
    const res = parseRaw(written.join(''));
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toMatchObject({
      code: 'request_timeout',
      message: ['คำขอใช้เวลานานเกินไป กรุณาลองอีกครั้ง'],
    });
    expect(destroyed).toBe(true);
  });
});
