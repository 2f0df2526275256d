import { randomUUID } from 'node:crypto';
import { ErrorEnvelopeSchema } from '@app/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signIn, uniqueEmail } from './helpers/build-test-app.ts';

/**
 * Bad input over every operation of the app's own OpenAPI document: each path parameter, query
 * parameter and JSON body field gets wrong types, control characters, very long, Thai, emoji and
 * right-to-left text, injection strings and unknown fields; every body-taking route also gets broken
 * JSON and broken multipart. Whatever the answer, it is never a 5xx and it is the envelope. The cases
 * come from the document, so a route added tomorrow is probed without touching this file.
 */

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  minLength?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number];

/** A value of the schema's type, so that probing one field leaves the others plausible. */
const plausible = (schema: JsonSchema = {}): unknown => {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternative = (schema.anyOf ?? schema.oneOf)?.find((s) => s.type !== 'null');
  if (alternative) return plausible(alternative);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return [plausible(schema.items)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, s]) => [k, plausible(s)] as const),
      );
    default:
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email') return uniqueEmail('fuzz');
      if (schema.format === 'date') return '1990-01-01';
      if (schema.format === 'date-time') return new Date().toISOString();
      return 'a'.repeat(Math.max(schema.minLength ?? 1, 1));
  }
};

/** Texts that can go into a URL (a lone surrogate cannot be percent-encoded). */
const TEXTS: Record<string, string> = {
  nul: 'a\u0000b',
  controls: '\u0001\u0002\u0007\b\t\n\v\f\r\u001b\u007f\u0085',
  headerInjection: 'x\r\nSet-Cookie: a=b',
  veryLong: 'a'.repeat(100_000),
  thai: 'สวัสดีครับ ทดสอบ ๑๒๓',
  emoji: '👩🏽‍💻🎉🇹🇭',
  rtl: 'مرحبا \u202Eevil\u202C שלום',
  invisible: 'a\u200Bb\uFEFFc\u00AD',
  sqlQuote: "' OR '1'='1' --",
  sqlStacked: '1; DROP TABLE member; --\'"',
  likeWildcards: '%_\\%\\_',
  html: '<script>alert(1)</script><img src=x onerror=alert(1)>',
  pathTraversal: '../../../../etc/passwd',
  percentText: '%00%zz%',
  empty: '',
  blank: '   ',
  negative: '-1',
  hugeNumber: '1e309',
  notANumber: 'NaN',
  unsafeInteger: '9007199254740993',
  hex: '0x10',
  boolean: 'true',
  jsonText: '{"$ne":null}',
};

/** JSON body values: every text, the other JSON types, and the strings only JSON can carry. */
const JSON_VALUES: Record<string, unknown> = {
  ...TEXTS,
  loneHighSurrogate: 'a\uD800b',
  loneLowSurrogate: '\uDC00',
  zero: 0,
  minusOne: -1,
  fraction: 1.5,
  huge: 1e308,
  true: true,
  null: null,
  emptyArray: [],
  array: ['a', 1],
  emptyObject: {},
  operatorObject: { $gt: '' },
};

const BROKEN_JSON: Record<string, string> = {
  cut: '{"a":',
  open: '{',
  word: 'nul',
  nulInString: '"a\\u0000"',
  loneSurrogate: '{"a":"\\ud800"}',
  nulKey: '{"a\\u0000b":1}',
  protoPoisoning: '{"__proto__":{"isAdmin":true}}',
  constructorPoisoning: '{"constructor":{"prototype":{"isAdmin":true}}}',
  deepNesting: `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  duplicateKeys: '{"a":1,"a":2}',
  bom: '\uFEFF{}',
  empty: '',
  topLevelArray: '[]',
  topLevelString: '"text"',
  topLevelNumber: '42',
  topLevelNull: 'null',
  overLimit: JSON.stringify({ a: 'a'.repeat(70 * 1024) }),
};

const BOUNDARY = 'fuzzboundary';
const filePart = (name: string, filename: string, type: string, data: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
  `Content-Type: ${type}\r\n\r\n${data}\r\n`;
const WITH_BOUNDARY = `multipart/form-data; boundary=${BOUNDARY}`;
const BROKEN_MULTIPART: Record<string, { type: string; body: string }> = {
  noBoundary: { type: 'multipart/form-data', body: filePart('file', 'a.png', 'image/png', 'x') },
  garbage: { type: WITH_BOUNDARY, body: '\u0000\u00ff garbage \r\n\r\n--' },
  truncated: { type: WITH_BOUNDARY, body: filePart('file', 'a.png', 'image/png', 'x').slice(0, -10) },
  unterminated: { type: WITH_BOUNDARY, body: filePart('file', 'a.png', 'image/png', 'x') },
  emptyForm: { type: WITH_BOUNDARY, body: `--${BOUNDARY}--\r\n` },
  badPartHeader: {
    type: WITH_BOUNDARY,
    body: `--${BOUNDARY}\r\nContent-Disposition\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
  },
  fieldNotFile: {
    type: WITH_BOUNDARY,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a\u0000"\r\n\r\n\u0000\r\n--${BOUNDARY}--\r\n`,
  },
  twoFiles: {
    type: WITH_BOUNDARY,
    body: `${filePart('file', 'a.png', 'image/png', 'x')}${filePart('file', 'b.png', 'image/png', 'y')}--${BOUNDARY}--\r\n`,
  },
  notAnImage: {
    type: WITH_BOUNDARY,
    body: `${filePart('file', '../../evil.png', 'image/png', '<svg onload=alert(1)>')}--${BOUNDARY}--\r\n`,
  },
  hugeBoundary: { type: `multipart/form-data; boundary=${'b'.repeat(5000)}`, body: 'x' },
};

/** Authorization headers that are not a valid token; the JSON form is parsed by the app itself. */
const BAD_AUTHORIZATION: Record<string, string> = {
  bearerEmpty: 'Bearer ',
  bearerGarbage: 'Bearer a.b.c',
  bearerLong: `Bearer ${'a'.repeat(20_000)}`,
  jsonNul: '{"accessToken":"\\u0000","refreshToken":"\\u0000"}',
  jsonSurrogate: '{"accessToken":"\\ud800","refreshToken":"\\udc00"}',
  jsonWrongTypes: '{"accessToken":123,"refreshToken":["x"]}',
  jsonBroken: '{"accessToken":',
  jsonArray: '[]',
  jsonNull: 'null',
};

const BAD_ACCEPT_LANGUAGE = ['th;q=abc, *;q=2', 'x'.repeat(5_000), ',,,;;;', 'th-TH;q=0.9;q=1, en;q=-1'];

interface Probe {
  label: string;
  request: InjectOptions;
}

/** Every probe of one operation; `path` is the OpenAPI path with `{name}` placeholders. */
const probesOf = (method: Method, path: string, op: Operation): Probe[] => {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;

  const urlWith = (pathValues: Record<string, string>, query: Array<[string, string]>) => {
    let url = path;
    for (const p of pathParams)
      url = url.replace(`{${p.name}}`, encodeURIComponent(pathValues[p.name] ?? ''));
    const qs = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
    return qs ? `${url}?${qs}` : url;
  };
  const basePath = Object.fromEntries(pathParams.map((p) => [p.name, String(plausible(p.schema))]));
  const baseUrl = urlWith(basePath, []);
  const baseBody = bodySchema ? plausible(bodySchema) : undefined;
  const withBody = (body: unknown): InjectOptions =>
    body === undefined
      ? {}
      : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  const probes: Probe[] = [];
  const add = (label: string, request: InjectOptions) =>
    probes.push({ label, request: { method: method.toUpperCase() as InjectOptions['method'], ...request } });

  for (const p of pathParams) {
    for (const [name, value] of Object.entries(TEXTS)) {
      add(`path ${p.name}=${name}`, {
        url: urlWith({ ...basePath, [p.name]: value }, []),
        ...withBody(baseBody),
      });
    }
    // Percent-escapes the router cannot decode, and NUL written as an escape.
    add(`path ${p.name}=broken escape`, { url: path.replace(`{${p.name}}`, '%zz%E0%A4%A') });
    add(`path ${p.name}=raw NUL escape`, { url: path.replace(`{${p.name}}`, '%00') });
  }
  for (const p of queryParams) {
    for (const [name, value] of Object.entries(TEXTS)) {
      add(`query ${p.name}=${name}`, { url: urlWith(basePath, [[p.name, value]]), ...withBody(baseBody) });
    }
    add(`query ${p.name} twice`, {
      url: urlWith(basePath, [
        [p.name, 'a'],
        [p.name, 'b'],
      ]),
    });
    add(`query ${p.name}[]`, { url: `${baseUrl}?${encodeURIComponent(p.name)}[]=1&${p.name}[a]=2` });
  }
  add('unknown query field', {
    url: urlWith(basePath, [
      ['zzUnknown', 'x'],
      ['__proto__', 'x'],
      ['a\u0000', 'b'],
    ]),
  });
  add('raw broken query escapes', { url: `${baseUrl}?q=%&%zz=%E0%A4%A&=&&a=%00` });

  if (bodySchema && typeof baseBody === 'object' && baseBody !== null && !Array.isArray(baseBody)) {
    for (const field of Object.keys(bodySchema.properties ?? {})) {
      for (const [name, value] of Object.entries(JSON_VALUES)) {
        add(`body ${field}=${name}`, { url: baseUrl, ...withBody({ ...baseBody, [field]: value }) });
      }
      add(`body ${field} nested`, {
        url: baseUrl,
        ...withBody({ ...baseBody, [field]: { a: [{ b: 'a\u0000' }] } }),
      });
    }
    add('unknown body field', {
      url: baseUrl,
      ...withBody({ ...baseBody, zzUnknown: 'x', id: randomUUID() }),
    });
  }

  if (method !== 'get') {
    for (const [name, payload] of Object.entries(BROKEN_JSON)) {
      add(`json ${name}`, { url: baseUrl, payload, headers: { 'content-type': 'application/json' } });
    }
    // Every route that takes a body also meets broken multipart: routes that read an upload
    // (documented or not) must refuse it with a 4xx, and the others must not care.
    for (const [name, { type, body }] of Object.entries(BROKEN_MULTIPART)) {
      add(`multipart ${name}`, { url: baseUrl, payload: body, headers: { 'content-type': type } });
    }
    add('text/plain with NUL', {
      url: baseUrl,
      payload: 'a\u0000b',
      headers: { 'content-type': 'text/plain' },
    });
    add('form-urlencoded', {
      url: baseUrl,
      payload: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }

  for (const [name, authorization] of Object.entries(BAD_AUTHORIZATION)) {
    add(`authorization ${name}`, { url: baseUrl, ...withBody(baseBody), headers: { authorization } });
  }
  for (const lang of BAD_ACCEPT_LANGUAGE) {
    add(`accept-language ${lang.slice(0, 20)}`, { url: baseUrl, headers: { 'accept-language': lang } });
  }
  return probes;
};

/** Why the answer is unacceptable, or undefined when it is fine. */
const problemOf = (res: LightMyRequestResponse): string | undefined => {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 300)}`;
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode < 400 && !type.includes('json')) return undefined; // HTML page, image, redirect
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `status ${res.statusCode} is not JSON: ${res.body.slice(0, 200)}`;
  }
  const success = (body as { success?: unknown } | null)?.success;
  if (typeof success !== 'boolean') return `no boolean success: ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400) return success ? undefined : `status ${res.statusCode} with success false`;
  const envelope = ErrorEnvelopeSchema.safeParse(body);
  if (!envelope.success) return `not the error envelope: ${res.body.slice(0, 300)}`;
  if (envelope.data.requestId !== res.headers['x-request-id']) return 'requestId differs from x-request-id';
  return undefined;
};

const t = await buildTestApp({
  // The probes hammer send-otp and login; the members this test signs in must still get through.
  config: { otpSendLimitPerIp: 1_000_000, loginLimitPerIp: 1_000_000 },
});
// The document itself, not GET /docs/json: whether /docs is served is a setting.
await t.app.ready();
const doc = t.app.swagger() as unknown as OpenApi;
const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
  METHODS.filter((m) => ops[m]).map((method) => ({ method, path, op: ops[method] as Operation })),
);

let accessToken = (await signIn(t)).accessToken;
/** A probe may end the session (logout); the next probes then get a fresh member. */
const ensureSession = async () => {
  const profile = await t.app.inject({
    method: 'GET',
    url: '/auth/users/profile',
    headers: bearer(accessToken),
  });
  if (profile.statusCode === 401) accessToken = (await signIn(t)).accessToken;
};

describe('bad input over every route of the OpenAPI document', () => {
  afterAll(() => t.close());

  it('reads the document: the probes below cover the whole API', () => {
    expect(operations.length).toBeGreaterThanOrEqual(30);
    const listed = operations.map((o) => `${o.method.toUpperCase()} ${o.path}`);
    for (const route of [
      'POST /auth/login',
      'PATCH /auth/users/update',
      'POST /auth/users/avatar',
      'GET /bff/vouchers',
    ])
      expect(listed).toContain(route);
  });

  it.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
    '%s: never a 5xx, always the envelope',
    async (_name, { method, path, op }) => {
      const probes = probesOf(method, path, op);
      const failures: string[] = [];
      const logsBefore = t.logs.length;
      for (const { label, request } of probes) {
        for (const signedIn of [false, true]) {
          const headers = { ...(signedIn ? bearer(accessToken) : {}), ...request.headers };
          const res = await t.app.inject({ ...request, headers });
          const problem = problemOf(res);
          if (problem) failures.push(`${signedIn ? 'member' : 'anonymous'} · ${label} → ${problem}`);
          if (signedIn && res.statusCode === 401) await ensureSession();
        }
      }
      expect(failures).toEqual([]);
      // An error the client never saw (a failure after the answer) is still a failure.
      const errors = t.logs.slice(logsBefore).filter((l) => l.level >= 50);
      expect(errors.map((l) => `${l.msg}: ${l.err?.message}`)).toEqual([]);
      expect(probes.length).toBeGreaterThan(10);
    },
  );
});
