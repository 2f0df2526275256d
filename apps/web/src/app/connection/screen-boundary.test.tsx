import { act, render, screen } from '@testing-library/preact';
import { Component, Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '../../shared/ui/lazy-screen.tsx';
import { ScreenBoundary } from './screen-boundary.tsx';
import { ScreenSlot } from './screen-slot.tsx';

function Wallet() {
  return <h1>Wallet</h1>;
}

/** Stands for the route's error element: what the screen's boundary passes on arrives here. */
class RouteError extends Component<
  { onError: (e: unknown) => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

const mount = (load: () => Promise<{ default: typeof Wallet }>) => {
  const Screen = lazyScreen(load, { kit: false });
  return render(
    <ScreenBoundary screen={Screen}>
      <Suspense fallback={<p>outline</p>}>
        <ScreenSlot screen={Screen} />
      </Suspense>
    </ScreenBoundary>,
  );
};

describe('a screen whose code does not download', () => {
  it('says the member is offline, and draws the screen by itself when the network is back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<{ default: typeof Wallet }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/wallet.js'))
      .mockResolvedValue({ default: Wallet });
    mount(load);
    expect((await screen.findByTestId('connection-notice')).getAttribute('data-problem')).toBe('offline');
    expect(screen.getByRole('heading').textContent).toBe("You're offline");

    // The notice listens from an effect, which Preact runs after the frame: let a frame pass first.
    await act(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { name: 'Wallet' })).toBeTruthy();
    expect(screen.queryByTestId('connection-notice')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('leaves any other error to the route’s error screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('render failed');
    }
    const Screen = lazyScreen(() => Promise.resolve({ default: Broken }), { kit: false });
    const caught = vi.fn();
    render(
      <RouteError onError={caught}>
        <ScreenBoundary screen={Screen}>
          <Suspense fallback={null}>
            <ScreenSlot screen={Screen} />
          </Suspense>
        </ScreenBoundary>
      </RouteError>,
    );
    await vi.waitFor(() => expect(caught).toHaveBeenCalled());
    expect(screen.queryByTestId('connection-notice')).toBeNull();
  });
});
