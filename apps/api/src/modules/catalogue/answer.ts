import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';

/**
 * A catalogue answer ready to send: the success envelope as its contract encodes it (unknown fields
 * dropped, exactly what the route's response serializer did), that JSON text, and a validator made
 * from the text — the same text gives the same tag in every process and after a cache reload, so a
 * browser's copy stays valid for as long as the answer does not change.
 */
export interface Answer {
  envelope: { success: true; data: unknown };
  body: string;
  tag: string;
}

const digest = (text: string) => createHash('sha1').update(text).digest('base64url').slice(0, 22);

export const answerOf = (schema: z.ZodType, data: unknown): Answer => {
  const envelope = z.encode(schema, ok(data)) as Answer['envelope'];
  const body = JSON.stringify(envelope);
  return { envelope, body, tag: digest(body) };
};

type Liked = { id: string; liked: boolean };
const isLikeable = (x: unknown): x is Liked =>
  typeof x === 'object' && x !== null && 'id' in x && 'liked' in x;

/**
 * A privilege answer shared by the member's tier, with this member's likes laid on top: `liked` true
 * on the items they liked (the shared answer says false everywhere). Untouched — same text, same tag —
 * when none of its items is liked; otherwise re-serialized with a tag of its own.
 */
export const withLikes = (answer: Answer, liked: ReadonlySet<string>): Answer => {
  if (liked.size === 0) return answer;
  const hits: string[] = [];
  const mark = (x: unknown) => {
    if (!isLikeable(x) || !liked.has(x.id)) return x;
    hits.push(x.id);
    return { ...x, liked: true };
  };
  const d = answer.envelope.data;
  const data = Array.isArray(d)
    ? d.map(mark)
    : typeof d === 'object' && d !== null && 'items' in d && Array.isArray(d.items)
      ? { ...d, items: d.items.map(mark) }
      : mark(d);
  if (hits.length === 0) return answer;
  const envelope = { success: true as const, data };
  const body = JSON.stringify(envelope);
  return { envelope, body, tag: `${answer.tag}.${digest(hits.sort().join(','))}` };
};
