import { Suspense, useState, type ReactElement } from 'react';
import { nextTask } from '../next-task.ts';

/**
 * A page's first screen is taken over from the server's markup (or drawn) in pieces, a task each,
 * rather than in one: on a mid-range phone the whole screen at once held the main thread for
 * 300–600 ms, and a tap in that time waited for all of it. Between the pieces the browser can paint and
 * answer a tap.
 *
 * - `hydrating`: from the start of a page whose markup came from the server until every piece of it is
 *   taken over (the queue of pieces runs dry). Taking over markup in pieces changes nothing on screen.
 * - `firstScreen`: until the first move to another address. A screen opened from another one is drawn
 *   whole, as the tap that opened it expects.
 */
let hydrating = false;
let firstScreen = false;
let turn: Promise<void> = Promise.resolve();
let waiting = 0;
let takenOver: (() => void) | undefined;

function endTakeover(): void {
  hydrating = false;
  takenOver?.();
  takenOver = undefined;
}

/**
 * main.tsx, as the app starts: `serverMarkup` when there is server markup to take over. Resolves once
 * it is all taken over (at once where there is none): every piece, and every lazily loaded part it
 * holds, drawn over its markup.
 */
export function startFirstScreen(serverMarkup: boolean): Promise<void> {
  hydrating = serverMarkup;
  firstScreen = true;
  if (!serverMarkup) return Promise.resolve();
  const done = new Promise<void>((resolve) => (takenOver = resolve));
  // A page with no piece to wait for is taken over by the render that follows this call, in this task.
  whenNoneWaiting();
  return done;
}

/** The first move to another address (app/router.tsx). */
export function leaveFirstScreen(): void {
  endTakeover();
  firstScreen = false;
}

/** Ends the takeover if, a task from now, no piece is waiting (one drawn may have started another). */
function whenNoneWaiting(): void {
  void nextTask().then(() => {
    if (waiting === 0) endTakeover();
  });
}

/**
 * One piece per task, in the order they were asked for: pieces that wait together start apart. When the
 * queue has stayed empty for a task, the server's markup is all taken over.
 */
const nextTurn = (): Promise<void> => {
  waiting++;
  turn = turn.then(nextTask).then(() => {
    if (--waiting === 0) whenNoneWaiting();
  });
  return turn;
};

/**
 * `loading`'s value (a lazily loaded part's code), in a task of its own while the server's markup is
 * taken over; its download counts as a piece still to take over.
 */
export function inTurn<T>(loading: Promise<T>): Promise<T> {
  if (!hydrating) return loading;
  waiting++;
  return loading.then(
    (value) => {
      waiting--;
      return nextTurn().then(() => value);
    },
    (error: unknown) => {
      if (--waiting === 0) whenNoneWaiting();
      throw error;
    },
  );
}

type Ticket = { done: boolean; promise: Promise<void> } | null;

function Gate({ ticket, children }: { ticket: NonNullable<Ticket>; children: ReactElement }) {
  if (!ticket.done) throw ticket.promise;
  return children;
}

/**
 * Takes over `children`'s server markup in a task after the one taking over its surroundings; elsewhere
 * draws them at once. `tail`: on a page's first screen drawn in the browser too — only for what nothing
 * on the screen follows (the items of a screen's last list), since a piece drawn a moment later moves
 * whatever is below it. `children` must be one element that always draws one DOM element: a piece
 * waiting over server markup keeps one node.
 */
export function Later({ children, tail = false }: { children: ReactElement; tail?: boolean }) {
  const [ticket] = useState<Ticket>(() => {
    if (!(hydrating || (tail && firstScreen))) return null;
    const made: NonNullable<Ticket> = {
      done: false,
      promise: nextTurn().then(() => {
        made.done = true;
      }),
    };
    return made;
  });
  // Elsewhere no boundary at all: a part that waits for its code inside shows its screen's own fallback.
  if (!ticket) return children;
  return (
    <Suspense fallback={null}>
      <Gate ticket={ticket}>{children}</Gate>
    </Suspense>
  );
}
