import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attemptStore } from './attempts.ts';
import type { CounterItem } from './types.ts';
import { useCounter } from './use-counter.ts';

const item: CounterItem = {
  code: '7KQ2M9XP4RTDWXYZ',
  kind: 'voucher',
  voucherTitle: 'Iced latte',
  storeName: 'Café',
  storeId: '00000000-0000-4000-8000-000000000001',
  imageUrl: null,
  memberFirstName: 'Malee',
  usesLeft: 1,
  usageLimit: 1,
  validUntil: '2026-12-31T16:59:59.000Z',
};
const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data }), { headers: { 'content-type': 'application/json' } });
const refusal = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ success: false, code, message: [message] }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

type Call = { url: string; body: unknown; key: string | null };
let calls: Call[];
let answers: Array<() => Promise<Response>>;

beforeEach(() => {
  calls = [];
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      calls.push({ url, body: JSON.parse(String(init.body)), key: headers['Idempotency-Key'] ?? null });
      const next = answers.shift();
      if (!next) throw new Error(`no answer prepared for ${url}`);
      return next();
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const memory = () => {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
};

async function foundCounter() {
  const attempts = attemptStore(memory());
  const hook = renderHook(() => useCounter(attempts));
  answers.push(async () => ok(item));
  act(() => void hook.result.current.submitCode('7kq2 m9xp 4rtd wxyz'));
  await waitFor(() => expect(hook.result.current.phase.name).toBe('found'));
  expect(calls[0]).toMatchObject({ url: '/admin/api/counter/lookup', body: { code: item.code }, key: null });
  return { hook, attempts };
}

describe('the counter’s calls', () => {
  it('a typed code is looked up normalised; nothing is sent for text that is no code', async () => {
    const attempts = attemptStore(memory());
    const { result } = renderHook(() => useCounter(attempts));
    let taken = true;
    act(() => void (taken = result.current.submitCode('ไม่ใช่รหัส')));
    expect(taken).toBe(false);
    expect(calls).toHaveLength(0);
    await foundCounter();
  });

  it('a double tap on Confirm records one use with one key', async () => {
    const { hook } = await foundCounter();
    let answer: (r: Response) => void = () => {};
    answers.push(() => new Promise((resolve) => (answer = resolve)));
    act(() => {
      hook.result.current.confirm();
      hook.result.current.confirm();
    });
    act(() => hook.result.current.confirm());
    await waitFor(() => expect(calls).toHaveLength(2));
    answer(ok({ code: item.code, usesLeft: 0, usedAt: '2026-11-26T10:00:00.000Z' }));
    await waitFor(() => expect(hook.result.current.phase.name).toBe('redeemed'));
    expect(calls.filter((c) => c.url === '/admin/api/counter/redeem')).toHaveLength(1);
    expect(calls[1]!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a lost answer: Try again, and Cancel then a rescan, send the first attempt’s key', async () => {
    const { hook, attempts } = await foundCounter();
    answers.push(async () => {
      throw new TypeError('Failed to fetch');
    });
    act(() => hook.result.current.confirm());
    await waitFor(() => expect(hook.result.current.phase).toMatchObject({ name: 'failed', step: 'redeem' }));
    const firstKey = calls[1]!.key;
    expect(attempts.openKey(item.code)).toBe(firstKey);

    answers.push(async () => new Response('bad gateway', { status: 502 }));
    act(() => hook.result.current.retry());
    await waitFor(() => expect(calls).toHaveLength(3));
    await waitFor(() => expect(hook.result.current.phase.name).toBe('failed'));
    expect(calls[2]!.key).toBe(firstKey);

    // Staff give up on this screen and scan the code again: still the same attempt.
    act(() => hook.result.current.reset());
    answers.push(async () => ok(item));
    act(() => void hook.result.current.submitCode(item.code));
    await waitFor(() => expect(hook.result.current.phase.name).toBe('found'));
    answers.push(async () => ok({ code: item.code, usesLeft: 0, usedAt: '2026-11-26T10:00:00.000Z' }));
    act(() => hook.result.current.confirm());
    await waitFor(() => expect(hook.result.current.phase.name).toBe('redeemed'));
    expect(calls[4]!.key).toBe(firstKey);
    // Answered: the next confirmation of this code would be a new use.
    expect(attempts.openKey(item.code)).toBeUndefined();
  });

  it('a refusal is an answer: shown with its reason, and the attempt is settled', async () => {
    const { hook, attempts } = await foundCounter();
    answers.push(async () => refusal(409, 'counter_used_up', 'ใช้ครบแล้ว'));
    act(() => hook.result.current.confirm());
    await waitFor(() =>
      expect(hook.result.current.phase).toMatchObject({
        name: 'refused',
        reason: 'counter_used_up',
        message: 'ใช้ครบแล้ว',
      }),
    );
    expect(attempts.openKey(item.code)).toBeUndefined();
  });

  it('each refusal of a lookup keeps its code for the screen', async () => {
    for (const [status, code] of [
      [404, 'counter_unknown_code'],
      [403, 'counter_wrong_store'],
      [409, 'counter_expired'],
      [409, 'counter_refunded'],
    ] as const) {
      const { result, unmount } = renderHook(() => useCounter(attemptStore(memory())));
      answers.push(async () => refusal(status, code, 'msg'));
      act(() => void result.current.submitCode('AAAA'));
      await waitFor(() => expect(result.current.phase).toMatchObject({ name: 'refused', reason: code }));
      unmount();
    }
  });
});
