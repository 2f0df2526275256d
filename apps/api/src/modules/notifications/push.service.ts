import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { PushSubscriptionBody } from '@app/contracts';
import { AppError } from '../../app-error.ts';
import type { Config } from '../../config.ts';
import type { Ctx } from '../../context.ts';
import { deleteOwnSubscription, findSubscriptionByEndpoint, updateSubscription } from './push.repository.ts';

/** Devices one member may have subscribed; past it, the least recently subscribed ones go. */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER = 20;

const invalid = (path: string, message: string) =>
  new AppError('validation_failed', { fields: [{ path, message }] });

/**
 * A push endpoint the server will POST to. Always a URL without credentials; in production https
 * only and never a bare IP address or localhost (push services are reached by name — anything else
 * would let a member point the server at its own network). http is allowed outside production, for
 * tests and local development.
 */
export const checkEndpoint = (endpoint: string, nodeEnv: Config['nodeEnv']): void => {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw invalid('endpoint', 'must be a URL');
  }
  const production = nodeEnv === 'production';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !production))
    throw invalid('endpoint', 'must be an https URL');
  if (url.username || url.password) throw invalid('endpoint', 'must not carry a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (production && (isIP(host) !== 0 || host === 'localhost' || host.endsWith('.localhost')))
    throw invalid('endpoint', 'must name a push service');
};

/** The browser's keys must be what aes128gcm needs: an uncompressed P-256 point and a 16-byte secret. */
const checkKeys = (keys: PushSubscriptionBody['keys']) => {
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  if (p256dh.length !== 65 || p256dh[0] !== 0x04)
    throw invalid('keys.p256dh', 'must be an uncompressed P-256 public key');
  if (Buffer.from(keys.auth, 'base64url').length !== 16) throw invalid('keys.auth', 'must be 16 bytes');
};

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Stores this device's subscription for the member; the same endpoint again updates it (same id).
 * An endpoint already stored for another member moves to this one only when the request also holds
 * that subscription's keys — the browser that made it, now signed in as someone else (its pending
 * pushes for the previous member are dropped). Knowing someone's endpoint alone → 403: it cannot be
 * taken over, nor their pushes redirected.
 */
export const subscribe = async (ctx: Ctx, memberId: string, body: PushSubscriptionBody): Promise<string> => {
  checkEndpoint(body.endpoint, ctx.config.nodeEnv);
  checkKeys(body.keys);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('push_subscription')
      .values({
        member_id: memberId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('endpoint').doNothing())
      .returning('id')
      .executeTakeFirst();
    let id = inserted?.id;
    if (!id) {
      // The conflicting row committed before our insert looked, so it is there to lock.
      const existing = await findSubscriptionByEndpoint(trx, body.endpoint);
      if (!existing) throw new AppError('service_unavailable');
      if (existing.member_id !== memberId) {
        if (!(sameText(existing.p256dh, body.keys.p256dh) && sameText(existing.auth, body.keys.auth)))
          throw new AppError('forbidden');
        await trx.deleteFrom('push_outbox').where('subscription_id', '=', existing.id).execute();
      }
      await updateSubscription(trx, existing.id, { memberId, ...body.keys, now });
      id = existing.id;
    }
    const keep = trx
      .selectFrom('push_subscription')
      .select('id')
      .where('member_id', '=', memberId)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(PUSH_SUBSCRIPTIONS_PER_MEMBER);
    await trx
      .deleteFrom('push_subscription')
      .where('member_id', '=', memberId)
      .where('id', 'not in', keep)
      .execute();
    return id;
  });
};

/** Removes the member's own subscription; another member's id, or an unknown one → 404. */
export const unsubscribe = async (ctx: Ctx, memberId: string, id: string): Promise<void> => {
  if (!(await deleteOwnSubscription(ctx.db, memberId, id))) throw new AppError('not_found');
};
