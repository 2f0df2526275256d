import type { Language } from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { VapidConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import {
  claimDuePushes,
  deleteSubscription,
  finishPush,
  retryPushAt,
  type ClaimedPush,
} from './push.repository.ts';
import { renderNotification, type NotificationRow } from './render.ts';

/** What the app's service worker shows (apps/web/src/pwa/push-payload.ts reads exactly this). */
export interface PushPayload {
  title: string;
  body: string;
  /** The app path a tap opens, in the member's language (Thai under /th). */
  url: string;
  /** The notification's id: a repeated delivery replaces the shown notification, never doubles it. */
  tag: string;
}

/** Pushes claimed per round; a round's sends run together, at most this many at once. */
const BATCH = 50;
const PARALLEL = 10;
/** How long one push service may take to answer before the push is retried later. */
const SEND_TIMEOUT_MS = 10_000;
/** A claimed push not finished by then (its worker died) is due again. */
const LEASE_MS = 2 * 60_000;
/** Tries per push (the first included) before it is dropped; the delay doubles from 30 s. */
const MAX_ATTEMPTS = 5;
const RETRY_BASE_MS = 30_000;
/** How long a push service keeps a push for a device that is offline: a day, then it is stale news. */
const PUSH_TTL_SECONDS = 86_400;
/** A push older than this when it could finally be sent is dropped: the in-app list still has it. */
const STALE_MS = 86_400_000;

const withLanguage = (path: string, lang: Language): string =>
  lang === 'th' ? (path === '/' ? '/th' : `/th${path}`) : path;

/** The notification as a push, in `lang`, opening its own screen (else the notifications list). */
export const pushPayloadOf = (row: NotificationRow, lang: Language): PushPayload => {
  const n = renderNotification(row, lang);
  return {
    title: n.title,
    body: n.description,
    url: withLanguage(n.link ?? '/notifications', lang),
    tag: n._id,
  };
};

export type PushOutcome = 'sent' | 'gone' | 'rejected' | 'retry';

/**
 * Sends one encrypted push (RFC 8291 aes128gcm, VAPID-signed by web-push) with fetch, so the request
 * has a deadline and a test's or developer's http endpoint works as an https one does. The push
 * service's answer decides: 2xx sent; 404/410 the subscription is gone; other 4xx (too large, bad
 * request, bad key) will never succeed; 429, 5xx and no answer are tried again later.
 */
export const sendPush = async (
  vapid: VapidConfig,
  sub: { endpoint: string; p256dh: string; auth: string },
  payload: PushPayload,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<PushOutcome> => {
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(payload),
      { vapidDetails: vapid, TTL: PUSH_TTL_SECONDS, contentEncoding: 'aes128gcm' },
    );
  } catch (err) {
    // Keys that cannot be encrypted for (not a P-256 point, a wrong-sized secret) never will be.
    log.warn({ err }, 'push: the subscription’s keys are unusable');
    return 'gone';
  }
  const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
  try {
    const res = await fetch(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body,
      redirect: 'error',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await res.body?.cancel().catch(() => undefined);
    if (res.ok) return 'sent';
    if (res.status === 404 || res.status === 410) return 'gone';
    if (res.status === 429 || res.status >= 500) return 'retry';
    log.warn({ status: res.status }, 'push: refused by the push service');
    return 'rejected';
  } catch (err) {
    log.warn({ err }, 'push: no answer from the push service');
    return 'retry';
  }
};

const inParallel = async <T>(items: T[], limit: number, fn: (item: T) => Promise<void>) => {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
};

export interface PushDeps {
  db: Kysely<Database>;
  now: () => Date;
  vapid: VapidConfig;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Sends every due push, round after round, until none is left; returns how many were delivered.
 * Runs outside any transaction of the change that made the notification: a slow push service holds
 * nobody's transaction or request. A push may reach a device twice (a worker that died after sending,
 * before recording it) — its tag makes the device show it once.
 */
export const drainPushOutbox = async (deps: PushDeps): Promise<number> => {
  let delivered = 0;
  for (;;) {
    const now = deps.now();
    const claimed = await claimDuePushes(deps.db, now, new Date(now.getTime() + LEASE_MS), BATCH);
    if (!claimed.length) return delivered;
    await inParallel(claimed, PARALLEL, async (push: ClaimedPush) => {
      if (now.getTime() - push.created_at.getTime() > STALE_MS) {
        await finishPush(deps.db, push.id);
        return;
      }
      const row: NotificationRow = {
        id: push.notification_id,
        type: push.type,
        params: push.params,
        is_read: push.is_read,
        created_at: push.created_at,
      };
      const outcome = await sendPush(deps.vapid, push, pushPayloadOf(row, push.language), deps.log);
      if (outcome === 'sent') delivered += 1;
      if (outcome === 'gone') await deleteSubscription(deps.db, push.subscription_id);
      else if (outcome === 'retry' && push.attempts < MAX_ATTEMPTS)
        await retryPushAt(
          deps.db,
          push.id,
          new Date(deps.now().getTime() + RETRY_BASE_MS * 2 ** (push.attempts - 1)),
        );
      else await finishPush(deps.db, push.id);
    });
  }
};
