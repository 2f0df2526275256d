import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode, ErrorEnvelope, FieldError, Language } from '@app/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type AppErrorOptions } from '../app-error.ts';
import { hasText, languageFromHeader, t } from '../i18n/messages.ts';

/**
 * The HTTP status of every error code: the one place where a domain failure becomes HTTP. A new code
 * in the contracts does not compile until it is given its status here.
 */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  forbidden: 403,
  staff_challenge_invalid: 400,
  second_factor_invalid: 400,
  account_blocked: 403,
  member_not_found: 404,
  staff_not_found: 404,
  staff_email_taken: 409,
  last_owner: 409,
  invalid_characters: 400,
  bad_url: 400,
  otp_invalid: 400,
  otp_expired: 400,
  otp_exhausted: 400,
  email_unchanged: 400,
  email_change_needs_code: 400,
  unauthorized: 401,
  token_expired: 401,
  refresh_token_invalid: 401,
  not_found: 404,
  voucher_not_found: 404,
  privilege_not_found: 404,
  merchant_not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  email_taken: 409,
  payload_too_large: 413,
  url_too_long: 414,
  unsupported_media_type: 415,
  rate_limited: 429,
  headers_too_large: 431,
  internal_error: 500,
  mail_unavailable: 503,
  service_unavailable: 503,
  cart_item_not_found: 404,
  cart_full: 409,
  quantity_limit: 409,
  out_of_stock: 409,
  sale_not_started: 409,
  sale_ended: 409,
  tier_locked: 403,
  privilege_only: 403,
  price_option_required: 400,
  price_option_not_found: 400,
  cart_item_unavailable: 409,
  coupon_not_found: 422,
  coupon_expired: 422,
  coupon_not_started: 422,
  coupon_min_spend: 422,
  coupon_not_applicable: 422,
  coupon_used_up: 409,
  coupon_already_used: 409,
  channel_required: 400,
  channel_unavailable: 400,
  idempotency_key_reused: 422,
  order_not_found: 404,
  order_not_cancellable: 409,
  order_not_refundable: 409,
  refund_units_used: 409,
  refund_exceeds_quantity: 409,
  refund_in_progress: 409,
  refund_declined: 409,
  payment_unavailable: 503,
  webhook_invalid: 400,
  payment_not_found: 404,
  wallet_voucher_not_found: 404,
  campaign_not_found: 404,
  campaign_not_pending: 409,
  notification_not_found: 404,
  wallet_voucher_used_up: 409,
  wallet_voucher_expired: 409,
  privilege_sold_out: 409,
  privilege_not_started: 409,
  privilege_ended: 409,
  privilege_tier_locked: 403,
  too_many_open_orders: 409,
  insufficient_points: 409,
  purchase_limit_reached: 409,
  edit_conflict: 409,
  counter_unknown_code: 404,
  counter_wrong_store: 403,
  counter_used_up: 409,
  counter_expired: 409,
  counter_refunded: 409,
  pos_member_not_found: 404,
};

/** Status → code for errors raised by Fastify and its plugins (bad JSON, body too large, …). */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'unauthorized',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  413: 'payload_too_large',
  414: 'url_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  431: 'headers_too_large',
  503: 'service_unavailable',
};

export const sendError = (
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  options: AppErrorOptions = {},
) => {
  const lang = languageFromHeader(req.headers['accept-language']);
  if (options.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(Math.max(1, Math.ceil(options.retryAfterSeconds))));
  }
  for (const [k, v] of Object.entries(options.headers ?? {})) reply.header(k, v);
  const body: ErrorEnvelope = {
    success: false,
    code,
    message: [options.message ?? t(lang, `errors.${code}`), ...(options.details ?? [])],
    requestId: String(req.id),
    ...(options.fields?.length ? { fields: options.fields } : {}),
  };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
};

const fieldPath = (instancePath: string, context: string | undefined) => {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return context && context !== 'body' ? [context, path].filter(Boolean).join('.') : path;
};

/**
 * The contracts' own field messages (written in English there) → their text in `fieldErrors.*`, so a
 * Thai reader gets them in Thai. A message not listed here keeps its English words.
 */
const CONTRACT_MESSAGES: Record<string, string> = {
  'OTP must be 6 digits': 'otpDigits',
  'Name may only contain letters': 'nameLetters',
  'Invalid phone code': 'phoneCode',
  'Please enter a valid phone number (9-10 digits)': 'phone9to10',
  'Please enter a valid phone number (10 digits)': 'phone10',
  'Date of birth must be a past date': 'dateOfBirthPast',
  'must be a whole number': 'wholeNumber',
  'must be a date as YYYY-MM-DD': 'dateFormat',
  'must be a real calendar date': 'realDate',
  'must be printable ASCII without spaces': 'printableAscii',
  'minPrice must not be greater than maxPrice': 'priceRange',
  // The back office's catalogue forms (contracts admin/catalogue.ts): their format rules; the
  // cross-field rules name their key (params.messageKey).
  'must be the name of an uploaded picture': 'catalogue.pictureName',
  'must be a path in the app, starting with a single /': 'catalogue.appPath',
  'only a-z, 0-9 and single hyphens between them': 'catalogue.slugFormat',
  'only letters A-Z, digits, - and _': 'catalogue.couponCodeFormat',
};

type Issue = { keyword: string; message?: string | undefined; params: Record<string, unknown>; path: string };

/**
 * One field's problem as a person reads it, in `lang`: the contract's own message when it has one,
 * else a sentence made from the kind of problem (missing, too short, not one of …) naming the field.
 */
export const fieldMessage = (lang: Language, issue: Issue): string => {
  const field = issue.path || 'body';
  const say = (key: string, vars: Record<string, string | number> = {}) =>
    t(lang, `fieldErrors.${key}`, { field, ...vars });
  const message = issue.message ?? '';
  // A rule that names its text's key (the back office's catalogue forms): that text, in `lang`.
  const { messageKey } = (issue.params.params ?? {}) as { messageKey?: unknown };
  if (typeof messageKey === 'string' && hasText('en', `fieldErrors.${messageKey}`)) return say(messageKey);
  const own = CONTRACT_MESSAGES[message];
  if (own) return say(own);
  const p = issue.params;
  switch (issue.keyword) {
    case 'invalid_type':
      if (!issue.path && /received (undefined|null)$/.test(message)) return say('bodyRequired');
      if (/received undefined$/.test(message)) return say('required');
      return p.expected === 'int' ? say('wholeNumber') : say('wrongType');
    case 'too_small':
    case 'too_big': {
      const limit = Number(issue.keyword === 'too_small' ? p.minimum : p.maximum);
      const unit = p.origin === 'string' ? 'Characters' : p.origin === 'array' ? 'Items' : 'Number';
      if (!Number.isFinite(limit)) return say('wrongType');
      // "at least 1 character" of a text is its being filled in.
      if (issue.keyword === 'too_small' && unit === 'Characters' && limit === 1) return say('required');
      return say(`${issue.keyword === 'too_small' ? 'atLeast' : 'atMost'}${unit}`, { count: limit });
    }
    case 'invalid_format':
      return p.format === 'email' ? say('email') : say('invalid');
    case 'invalid_value':
      return Array.isArray(p.values) ? say('oneOf', { values: p.values.join(', ') }) : say('invalid');
    case 'unrecognized_keys':
      return say('unknownKeys', { keys: Array.isArray(p.keys) ? p.keys.join(', ') : '' });
    default:
      return message || say('invalid');
  }
};

/** The one error handler: every failure becomes `{ success:false, code, message:[…], requestId }`. */
export const errorHandler = (err: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) => {
  if (err instanceof AppError) {
    const status = HTTP_STATUS[err.code];
    if (status >= 500) req.log.error({ err: err.options.cause ?? err }, `${err.code}`);
    return sendError(req, reply, status, err.code, err.options);
  }

  if (hasZodFastifySchemaValidationErrors(err)) {
    const lang = languageFromHeader(req.headers['accept-language']);
    // One message per field: an empty name fails both "required" and "letters only", and the first
    // rule it breaks is the one to fix.
    const fields: FieldError[] = [];
    for (const v of err.validation) {
      const path = fieldPath(v.instancePath, err.validationContext);
      if (!fields.some((f) => f.path === path))
        fields.push({ path, message: fieldMessage(lang, { ...v, path }) });
    }
    // A client shows the first line only: it is the first field's own message, the sentence a person
    // can act on ("Please enter a valid phone number (9-10 digits)"); each field follows with its path.
    const [first] = fields;
    return sendError(req, reply, 400, 'validation_failed', {
      ...(first ? { message: first.message } : {}),
      details: fields.map((f) => (f.path ? `${f.path}: ${f.message}` : f.message)),
      fields,
    });
  }

  const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
  if (status >= 500 || isResponseSerializationError(err)) {
    // The client learns only that it failed and the request id; the log keeps the rest.
    req.log.error({ err }, 'unhandled error');
    return sendError(
      req,
      reply,
      status === 503 ? 503 : 500,
      status === 503 ? 'service_unavailable' : 'internal_error',
    );
  }
  const code = CODE_BY_STATUS[status] ?? 'validation_failed';
  // Fastify's own 4xx messages ("Body is not valid JSON…") help a developer and reveal nothing.
  return sendError(req, reply, status, code, code === 'validation_failed' ? { details: [err.message] } : {});
};

/**
 * Errors the router raises before any route or hook runs (Fastify's `frameworkErrors`): without this
 * they are Fastify's own JSON, outside the envelope and always in English.
 */
export const frameworkErrorHandler = (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
  // No route context, so the onSend hook that sets it does not run.
  reply.header('x-request-id', req.id);
  if (err.code === 'FST_ERR_BAD_URL') return sendError(req, reply, 400, 'bad_url');
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(req, reply, 414, 'url_too_long');
  return errorHandler(err, req, reply);
};

const CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode }> = {
  HPE_HEADER_OVERFLOW: { status: 431, code: 'headers_too_large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'request_timeout' },
};

/** Accept-Language read from the bytes Node's parser gave up on (the headers were never parsed). */
const acceptLanguageOf = (rawPacket: unknown): string | undefined =>
  Buffer.isBuffer(rawPacket)
    ? /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(rawPacket.toString('latin1'))?.[1]
    : undefined;

/**
 * Requests Node's HTTP parser rejects (headers over its limit → 431, a request that never finished →
 * 408, anything unparsable → 400) never become a Fastify request, so the envelope is written to the
 * socket by hand; Fastify's default answer is its own JSON in English. Bound to the Fastify instance.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  err: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
) {
  // A reset connection has no one left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code } = CLIENT_ERRORS[err.code ?? ''] ?? { status: 400, code: 'validation_failed' };
  const requestId = randomUUID();
  this.log.info({ err, requestId, status }, 'client error');
  if (socket.writable) {
    const lang = languageFromHeader(acceptLanguageOf(err.rawPacket));
    const body: ErrorEnvelope = { success: false, code, message: [t(lang, `errors.${code}`)], requestId };
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(json)}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        `X-Request-Id: ${requestId}\r\n` +
        'Connection: close\r\n\r\n' +
        json,
    );
  }
  socket.destroy(err);
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export interface NotFoundOptions {
  /** Answers GET/HEAD of a non-API path (the single-page app); returns false to fall through to 404. */
  spaFallback?: (req: FastifyRequest, reply: FastifyReply, path: string) => Promise<boolean>;
}

/** 405 when the path exists with another method, else the SPA fallback, else the 404 envelope. */
export const makeNotFoundHandler =
  (app: FastifyInstance, options: NotFoundOptions = {}) =>
  async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0] ?? '/';
    const allowed = METHODS.filter((m) => app.findRoute({ method: m, url: path }) !== null);
    if (allowed.length > 0 && !allowed.includes(req.method as (typeof METHODS)[number])) {
      const allow = allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
      return sendError(req, reply, 405, 'method_not_allowed', { headers: { allow: allow.join(', ') } });
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && (await options.spaFallback?.(req, reply, path)))
      return reply;
    return sendError(req, reply, 404, 'not_found');
  };
