import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Answer } from './answer.ts';

/** Whether an If-None-Match header names this entity tag (weak or strong; `*` names any). */
const named = (header: string | undefined, etag: string) =>
  header !== undefined &&
  header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });

/**
 * Sends a catalogue answer with its validator: a browser that already holds it (If-None-Match) gets
 * 304 and no body. `no-cache`: a browser may keep the answer but asks every time (a change to the
 * catalogue shows at once); what a member sees (eligibility, likes) is `private`, so no shared cache
 * ever keeps one member's answer for another; what everyone sees is `public`. The routes' `Vary`
 * names the headers the answer depends on.
 */
export const sendAnswer = (
  req: FastifyRequest,
  reply: FastifyReply,
  answer: Answer,
  audience: 'public' | 'private',
) => {
  const etag = `"${answer.tag}"`;
  reply.header('etag', etag);
  reply.header('cache-control', `${audience}, no-cache`);
  if (named(req.headers['if-none-match'], etag)) return reply.code(304).send();
  // Already JSON: Fastify sends a string as it is, without serializing it again.
  return reply.type('application/json; charset=utf-8').send(answer.body);
};
