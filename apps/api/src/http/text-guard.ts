import type { FieldError } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../app-error.ts';

/**
 * NUL, or a UTF-16 surrogate without its partner. PostgreSQL refuses NUL in text ("invalid byte
 * sequence for encoding UTF8: 0x00", which surfaced as a 500), and a lone surrogate cannot be encoded
 * as UTF-8 at all: the driver would silently store U+FFFD instead of what was sent.
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** At most this many offending fields are listed; the first one already tells what to fix. */
const MAX_FIELDS = 10;

const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

/** A field name as it can be echoed back in the answer. */
const printable = (key: string) => key.replace(UNSTORABLE_ALL, '\uFFFD');

/**
 * Every string (values and object keys, at any depth) of `root`, with its dotted path. Iterative, so a
 * deeply nested JSON body cannot overflow the stack and turn into a 500.
 */
const findUnstorable = (root: unknown, prefix: string): FieldError[] => {
  const found: FieldError[] = [];
  const stack: Array<{ value: unknown; path: string }> = [{ value: root, path: prefix }];
  const seen = new Set<object>();
  for (let next = stack.pop(); next && found.length < MAX_FIELDS; next = stack.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value))
        found.push({ path, message: 'Contains a NUL character or an unpaired surrogate' });
      continue;
    }
    // Bytes (an upload kept in memory) are not text, and walking them index by index would be slow.
    if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || seen.has(value)) continue;
    seen.add(value);
    // Reversed onto the stack, so fields are reported in the order they were sent.
    for (const [key, child] of Object.entries(value).reverse()) {
      const childPath = path ? `${path}.${printable(key)}` : printable(key);
      if (UNSTORABLE.test(key)) {
        found.push({
          path: childPath,
          message: 'The field name contains a NUL character or an unpaired surrogate',
        });
      }
      stack.push({ value: child, path: childPath });
    }
  }
  return found;
};

/** Paths as the validation errors write them: body fields bare, the others prefixed by their part. */
const unstorableFieldsOf = (req: FastifyRequest): FieldError[] => [
  ...findUnstorable(req.params, 'params'),
  ...findUnstorable(req.query, 'querystring'),
  ...findUnstorable(req.body, ''),
];

/**
 * One rule for every text that reaches a route, before any schema or handler sees it: NUL and lone
 * surrogates are a 400 `invalid_characters`, so no column, LIKE pattern or comparison ever receives
 * them. Registered on the root instance before the modules, so every route inherits it, including
 * routes added later.
 */
export const registerTextGuard = (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    const fields = unstorableFieldsOf(req);
    if (fields.length === 0) return;
    throw new AppError('invalid_characters', {
      details: fields.map((f) => (f.path ? `${f.path}: ${f.message}` : f.message)),
      fields,
    });
  });
};
