import { act, renderHook } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { useLazyOpen } from './lazy-screen.tsx';

describe('useLazyOpen', () => {
  it('draws the busy state in the tap’s own turn and opens in a task after it, even with the code here', async () => {
    const { result } = renderHook(() => useLazyOpen({ preload: () => Promise.resolve() }));
    act(() => result.current.show());
    expect(result.current.opening).toBe(true);
    // The microtasks of the tap's turn have run: still not open (the render of the dialog waits a frame).
    await act(() => Promise.resolve());
    expect(result.current.open).toBe(false);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(result.current).toMatchObject({ open: true, shown: true, opening: false, failed: false });
    // Closed, it stays shown: mounted, so the dialog plays its own closing animation.
    act(() => result.current.close());
    expect(result.current).toMatchObject({ open: false, shown: true });
  });

  it('says it failed when the code cannot load, and never opens', async () => {
    const { result } = renderHook(() => useLazyOpen({ preload: () => Promise.reject(new Error('offline')) }));
    act(() => result.current.show());
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(result.current).toMatchObject({ open: false, shown: false, opening: false, failed: true });
  });
});
