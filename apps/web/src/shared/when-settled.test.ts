import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenSettled } from './when-settled.ts';

/** A read the test answers when it likes. */
function pendingRead(client: QueryClient, key: string) {
  let answer!: (value: string) => void;
  void client.fetchQuery({ queryKey: [key], queryFn: () => new Promise<string>((r) => (answer = r)) });
  return (value: string) => answer(value);
}

const tick = () => new Promise((r) => setTimeout(r));

describe('whenSettled', () => {
  let idle: (() => void)[];
  beforeEach(() => {
    idle = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  });
  afterEach(() => vi.unstubAllGlobals());

  const settled = (client: QueryClient) => {
    const state = { done: false };
    void whenSettled(client).then(() => (state.done = true));
    return state;
  };

  it('waits for the reads on their way, then for an idle moment', async () => {
    const client = new QueryClient();
    const answer = pendingRead(client, 'screen');
    const state = settled(client);
    await tick();
    expect(idle).toHaveLength(0);
    answer('here');
    await tick();
    expect(state.done).toBe(false);
    expect(idle).toHaveLength(1);
    idle.shift()!();
    await tick();
    expect(state.done).toBe(true);
  });

  it('waits again for a read that started while it waited for the idle moment', async () => {
    const client = new QueryClient();
    const state = settled(client);
    await tick();
    const answer = pendingRead(client, 'after the session');
    idle.shift()!();
    await tick();
    expect(state.done).toBe(false);
    answer('here');
    await tick();
    idle.shift()!();
    await tick();
    expect(state.done).toBe(true);
  });
});
