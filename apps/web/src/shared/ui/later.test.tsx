import { render, screen } from '@testing-library/preact';
import { Suspense, lazy, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Later, inTurn, leaveFirstScreen, startFirstScreen } from './later.tsx';

/** Every task queued so far, and the renders they lead to, run. */
const tasks = (n = 1) =>
  Array.from({ length: n }).reduce<Promise<void>>(
    (p) => p.then(() => new Promise((r) => setTimeout(r, 0))),
    Promise.resolve(),
  );

// The pieces' state is the module's (one page load): each test starts past a first screen.
const freshLater = async () => {
  leaveFirstScreen();
  await tasks(4);
  return { Later, startFirstScreen, leaveFirstScreen };
};

// A browser delivers each message to a port in a task of its own; Node's ports deliver what is queued
// in one go. The browser's way, for the pieces' channel.
beforeAll(() => {
  class BrowserChannel {
    port1: { onmessage: ((event: object) => void) | null } = { onmessage: null };
    port2 = { postMessage: () => void setTimeout(() => this.port1.onmessage?.({}), 0) };
  }
  vi.stubGlobal('MessageChannel', BrowserChannel);
});

const taps: string[] = [];
function Piece({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" data-testid={name} onClick={() => (taps.push(name), setCount(count + 1))}>
      {name} {count}
    </button>
  );
}

afterEach(() => {
  taps.length = 0;
  document.body.innerHTML = '';
});

describe('Later', () => {
  it('draws its part at once outside a page’s first screen', async () => {
    await freshLater();
    render(
      <Later>
        <Piece name="a" />
      </Later>,
    );
    expect(screen.getByTestId('a').textContent).toBe('a 0');
  });

  it('takes over server markup piece by piece, a task each, in order, keeping the markup meanwhile', async () => {
    await freshLater();
    const page = (
      <main>
        <Piece name="top" />
        <Later>
          <Piece name="one" />
        </Later>
        <Later>
          <Piece name="two" />
        </Later>
      </main>
    );
    const root = document.createElement('div');
    root.innerHTML = renderToString(page);
    document.body.append(root);
    const markup = root.innerHTML;

    startFirstScreen(true);
    hydrateRoot(root, page);
    // The surroundings are live; the pieces are the server's markup, untouched, not yet taken over.
    expect(root.innerHTML).toBe(markup);
    const tap = (name: string) => root.querySelector<HTMLButtonElement>(`[data-testid="${name}"]`)?.click();
    tap('top');
    tap('one');
    expect(taps).toEqual(['top']);

    await tasks(1);
    tap('one');
    tap('two');
    expect(taps).toEqual(['top', 'one']);

    await tasks(2);
    tap('two');
    expect(taps).toEqual(['top', 'one', 'two']);
    // Taken over, not drawn again: one of each.
    expect(root.querySelectorAll('button')).toHaveLength(3);
  });

  it('stops splitting once the server’s markup is all taken over, and after the first move', async () => {
    await freshLater();
    startFirstScreen(true);
    render(
      <Later>
        <Piece name="a" />
      </Later>,
    );
    await tasks(4);
    // The queue ran dry: a part mounted now (data that arrived later) is drawn at once.
    render(
      <Later>
        <Piece name="b" />
      </Later>,
    );
    expect(screen.getByTestId('b')).toBeTruthy();

    startFirstScreen(false);
    leaveFirstScreen();
    render(
      <Later tail>
        <Piece name="c" />
      </Later>,
    );
    expect(screen.getByTestId('c')).toBeTruthy();
  });

  it('splits a first screen drawn in the browser only where asked (the tail of a screen)', async () => {
    await freshLater();
    startFirstScreen(false);
    render(
      <ul>
        <Later>
          <li data-testid="plain">plain</li>
        </Later>
        <Later tail>
          <li data-testid="tail">tail</li>
        </Later>
      </ul>,
    );
    expect(screen.getByTestId('plain')).toBeTruthy();
    expect(screen.queryByTestId('tail')).toBeNull();
    expect(await screen.findByTestId('tail')).toBeTruthy();
  });

  it('says when the server’s markup is all taken over: its pieces and the lazily loaded parts in them', async () => {
    await freshLater();
    let arrive: (module: { default: typeof Piece }) => void = () => {};
    const LazyPiece = lazy(() => inTurn(new Promise<{ default: typeof Piece }>((r) => (arrive = r))));
    const page = (
      <main>
        <Later>
          <Piece name="one" />
        </Later>
        <Suspense fallback={null}>
          <LazyPiece name="lazy" />
        </Suspense>
      </main>
    );
    const root = document.createElement('div');
    root.innerHTML = renderToString(
      <main>
        <Piece name="one" />
        <Piece name="lazy" />
      </main>,
    );
    document.body.append(root);
    let done = false;
    void startFirstScreen(true).then(() => (done = true));
    hydrateRoot(root, page);
    await tasks(6);
    // The piece is taken over; the lazy part's code has not come.
    expect(done).toBe(false);
    arrive({ default: Piece });
    await tasks(4);
    expect(done).toBe(true);
    const tap = root.querySelector<HTMLButtonElement>('[data-testid="lazy"]');
    tap?.click();
    expect(taps).toEqual(['lazy']);
  });

  it('says at once that a page with nothing to wait for is taken over, and that one drawn in the browser is', async () => {
    await freshLater();
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Piece name="plain" />);
    document.body.append(root);
    let done = false;
    void startFirstScreen(true).then(() => (done = true));
    hydrateRoot(root, <Piece name="plain" />);
    await tasks(2);
    expect(done).toBe(true);
    await expect(startFirstScreen(false)).resolves.toBeUndefined();
  });
});
