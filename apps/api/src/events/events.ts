import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Jobs, Queue, QueuePolicy } from '../jobs/jobs.ts';

/**
 * Every domain event the app raises, by type, with its payload — plain JSON, since it is stored in
 * the job queue (a Date becomes a string). A module that raises an event adds it here, so publisher
 * and handlers agree on its shape, e.g. `'order.paid': { orderId: string; memberId: string }`.
 */
export type AppEvents = Record<never, never>;

export interface DomainEvent<K extends string = string, P = unknown> {
  /** Unique per published event; a handler may see it again (a retry), never act twice on it. */
  id: string;
  type: K;
  occurredAt: string;
  payload: P;
}

type EventOf<M> = { [K in keyof M & string]: { type: K; payload: M[K] } }[keyof M & string];

export type EventHandler<K extends string, P> = (
  trx: Transaction<Database>,
  event: DomainEvent<K, P>,
) => Promise<void>;

export interface Events<M extends object> {
  /**
   * Registers a handler, before jobs start. `name` is stable and unique (e.g. `points.award-for-order`):
   * it names the handler's queue and records which events it has handled. The handler runs after the
   * publishing transaction commits, in a transaction of its own that also records the event as handled;
   * when it throws, that transaction rolls back and the event is retried (see the policy).
   */
  on: <K extends keyof M & string>(
    type: K,
    name: string,
    handler: EventHandler<K, M[K]>,
    policy?: Partial<QueuePolicy>,
  ) => void;
  /**
   * Records the event in `trx`, the transaction that makes the change: one job per handler of its type,
   * committed or rolled back with the change. Returns the event id.
   */
  publish: (trx: Transaction<Database>, event: EventOf<M>) => Promise<string>;
}

/** Event handlers retry for about an hour and a half (5 s doubling, ten times) before giving up. */
export const DEFAULT_EVENT_POLICY: Partial<QueuePolicy> = {
  retryLimit: 10,
  retryDelaySeconds: 5,
  retryBackoff: true,
};

const HANDLER_NAME = /^[a-z0-9][a-z0-9.-]*$/;

/** Domain events on the job queue: written with the change, handled after commit, at most once per handler. */
export const createEvents = <M extends object = AppEvents>(
  db: Kysely<Database>,
  jobs: Jobs,
  options: { now?: () => Date } = {},
): Events<M> => {
  const now = options.now ?? (() => new Date());
  const handlers = new Map<string, Queue<DomainEvent>[]>();
  const names = new Set<string>();

  const on: Events<M>['on'] = (type, name, handler, policy) => {
    if (!HANDLER_NAME.test(name))
      throw new Error(`event handler name ${name}: use lower-case letters, digits, . and -`);
    if (names.has(name)) throw new Error(`event handler ${name} is registered twice`);
    names.add(name);
    const queue = jobs.define<DomainEvent>(
      `event.${name}`,
      async (event) => {
        await db.transaction().execute(async (trx) => {
          // The marker and the handler's work commit together: a second delivery finds the marker and stops.
          const first = await trx
            .insertInto('handled_event')
            .values({ event_id: event.id, handler: name, handled_at: now() })
            .onConflict((oc) => oc.doNothing())
            .returning('event_id')
            .executeTakeFirst();
          if (first) await handler(trx, event as DomainEvent<typeof type, M[typeof type]>);
        });
      },
      { ...DEFAULT_EVENT_POLICY, ...policy },
    );
    handlers.set(type, [...(handlers.get(type) ?? []), queue]);
  };

  const publish: Events<M>['publish'] = async (trx, { type, payload }) => {
    const event: DomainEvent = { id: randomUUID(), type, occurredAt: now().toISOString(), payload };
    for (const queue of handlers.get(type) ?? []) await queue.send(trx, event);
    return event.id;
  };

  return { on, publish };
};
