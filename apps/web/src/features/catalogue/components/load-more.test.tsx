import { render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadMore } from './load-more.tsx';

let intersect: (() => void) | null = null;
class FakeObserver {
  constructor(callback: IntersectionObserverCallback) {
    intersect = () => callback([{ isIntersecting: true } as IntersectionObserverEntry], this as never);
  }
  observe() {}
  disconnect() {
    intersect = null;
  }
}

beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeObserver));
afterEach(() => {
  vi.unstubAllGlobals();
  intersect = null;
});

describe('LoadMore (infinite scroll with a button)', () => {
  it('loads the next page when the end of the list comes near, and from the button', async () => {
    const fetchNextPage = vi.fn();
    render(<LoadMore hasNextPage isFetchingNextPage={false} fetchNextPage={fetchNextPage} />);
    intersect?.();
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    await userEvent.setup().click(screen.getByTestId('load-more'));
    expect(fetchNextPage).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('load-more').textContent).toBe('Load more');
  });

  it('shows nothing on the last page', () => {
    render(<LoadMore hasNextPage={false} isFetchingNextPage={false} fetchNextPage={vi.fn()} />);
    expect(screen.queryByTestId('load-more')).toBeNull();
  });

  it('after a failed page it waits for the member: no automatic retries, the button says Retry', () => {
    const fetchNextPage = vi.fn();
    render(<LoadMore hasNextPage isFetchingNextPage={false} fetchNextPage={fetchNextPage} failed />);
    expect(intersect).toBeNull();
    expect(fetchNextPage).not.toHaveBeenCalled();
    expect(screen.getByTestId('load-more').textContent).toBe('Retry');
  });

  it('does not ask twice while a page is loading', () => {
    const fetchNextPage = vi.fn();
    render(<LoadMore hasNextPage isFetchingNextPage fetchNextPage={fetchNextPage} />);
    intersect?.();
    expect(fetchNextPage).not.toHaveBeenCalled();
  });
});
