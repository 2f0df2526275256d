import { QueryClient, QueryObserver, onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/api-error.ts';
import { connectionProblem, screenQueryClient } from './screen-queries.ts';

const app = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const never = () => new Promise<never>(() => {});
const failWith = (error: unknown) => () => Promise.reject(error);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** An observer of `key` through `client`, subscribed as a mounted component's would be. */
function watch(client: QueryClient, key: string, queryFn: () => Promise<unknown>) {
  const observer = new QueryObserver(client, { queryKey: [key], queryFn });
  return observer.subscribe(() => {});
}

afterEach(() => onlineManager.setOnline(true));

describe('the screen’s connection problem', () => {
  it('is "offline" when a screen read waits with nothing to show: paused offline, or failed to connect', async () => {
    const shared = app();
    const screen = screenQueryClient(shared);
    onlineManager.setOnline(false);
    watch(screen, 'paused', never);
    await settle();
    expect(connectionProblem(shared.getQueryCache().getAll())).toBe('offline');

    onlineManager.setOnline(true);
    const other = app();
    watch(screenQueryClient(other), 'unreachable', failWith(new ApiError(0, 'network_error', [])));
    await settle();
    expect(connectionProblem(other.getQueryCache().getAll())).toBe('offline');
  });

  it('is "slow" for a read that ran out of time', async () => {
    const shared = app();
    watch(screenQueryClient(shared), 'hung', failWith(new ApiError(0, 'timeout', [])));
    await settle();
    expect(connectionProblem(shared.getQueryCache().getAll())).toBe('slow');
  });

  it('ignores the layout’s own reads, refusals and reads no one watches', async () => {
    const shared = app();
    // The bottom navigation's badge, through the app's client: not the screen.
    watch(shared, 'badge', failWith(new ApiError(0, 'network_error', [])));
    const screen = screenQueryClient(shared);
    watch(screen, 'refused', failWith(new ApiError(404, 'not_found', [])));
    await settle();
    await shared.prefetchQuery({
      queryKey: ['unwatched'],
      queryFn: failWith(new ApiError(0, 'timeout', [])),
    });
    expect(connectionProblem(shared.getQueryCache().getAll())).toBeNull();
  });

  it('leaves a screen alone that has any answer to show (cached, or kept on the device)', async () => {
    const shared = app();
    const screen = screenQueryClient(shared);
    shared.setQueryData(['kept'], { cards: 3 });
    watch(screen, 'kept', failWith(new ApiError(0, 'network_error', [])));
    watch(screen, 'chips', failWith(new ApiError(0, 'network_error', [])));
    await settle();
    expect(connectionProblem(shared.getQueryCache().getAll())).toBeNull();
  });

  it('counts a read that waits for the session (not started) only while the network is missing', async () => {
    const shared = app();
    const waiting = new QueryObserver(screenQueryClient(shared), { queryKey: ['inbox'], enabled: false });
    waiting.subscribe(() => {});
    await settle();
    const queries = shared.getQueryCache().getAll();
    expect(connectionProblem(queries)).toBeNull();
    expect(connectionProblem(queries, { networkMissing: true })).toBe('offline');
  });

  it('shares one cache with the app: an answer the screen reads is the app’s', async () => {
    const shared = app();
    const screen = screenQueryClient(shared);
    await screen.fetchQuery({ queryKey: ['one'], queryFn: () => Promise.resolve(1) });
    expect(shared.getQueryData(['one'])).toBe(1);
  });
});
