import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';

/**
 * A catalogue answer ready to send: the success envelope as its contract encodes it (unknown fields
 * dropped, exactly what the route's response serializer did) as JSON text, a validator made from the
 * text — the same text gives the same tag in every process and after a cache reload, so a browser's
 * copy stays valid for as long as the answer does not change — and the ids of the items it shows
 * (what a member's likes are matched against without parsing the text).
 */
export interface Answer {
  body: string;
  tag: string;
  ids: readonly string[];
}

type Envelope = { success: true; data: unknown };

/** The items an answer's data holds: a list page's items, a list, or one item. */
const itemsOf = (data: unknown): unknown[] =>
  Array.isArray(data)
    ? data
    : typeof data === 'object' && data !== null && 'items' in data && Array.isArray(data.items)
      ? data.items
      : [data];

const idOf = (x: unknown) =>
  typeof x === 'object' && x !== null && 'id' in x && typeof x.id === 'string' ? x.id : undefined;

const digest = (text: string) => createHash('sha1').update(text).digest('base64url').slice(0, 22);

export const answerOf = (schema: z.ZodType, data: unknown): Answer => {
  const envelope = z.encode(schema, ok(data)) as Envelope;
  const body = JSON.stringify(envelope);
  const ids = itemsOf(envelope.data).flatMap((x) => idOf(x) ?? []);
  return { body, tag: digest(body), ids };
};

/**
 * A privilege answer shared by the member's tier, with this member's likes laid on top: `liked` true
 * on the items they liked (the shared answer says false everywhere). Untouched — same text, same tag —
 * when none of its items is liked; otherwise re-serialized with a tag of its own.
 */
export const withLikes = (answer: Answer, liked: ReadonlySet<string>): Answer => {
  const hits = answer.ids.filter((id) => liked.has(id));
  if (hits.length === 0) return answer;
  const envelope = JSON.parse(answer.body) as Envelope;
  for (const item of itemsOf(envelope.data)) {
    const id = idOf(item);
    if (id !== undefined && liked.has(id)) Object.assign(item as object, { liked: true });
  }
  const body = JSON.stringify(envelope);
  return { body, tag: `${answer.tag}.${digest([...hits].sort().join(','))}`, ids: answer.ids };
};
