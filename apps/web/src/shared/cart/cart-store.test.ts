import type { Cart } from '@app/contracts';
import { act, renderHook } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StateStorage } from 'zustand/middleware';
import { aCart, aCartItem } from './test-data.ts';
import {
  CART_RESTORE_TIMEOUT_MS,
  CART_STORAGE_KEY,
  createCartStore,
  readSavedCart,
  reconcileSelection,
  useCartRestored,
} from './cart-store.ts';

const memory = (initial: Record<string, string> = {}) => {
  const data = new Map(Object.entries(initial));
  const storage: StateStorage = {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
  return { data, storage };
};

/** Storage whose read answers only when `release` is called (a slow device). */
const slow = (saved: string) => {
  let release: () => void = () => {};
  const storage: StateStorage = {
    getItem: () => new Promise<string>((resolve) => (release = () => resolve(saved))),
    setItem: () => {},
    removeItem: () => {},
  };
  return { storage, release: () => release() };
};

const line = (id: string, over = {}) => ({
  cartItemId: id,
  voucherId: `v-${id}`,
  priceOptionId: null,
  quantity: 1,
  ...over,
});

afterEach(() => vi.useRealTimers());

describe('cart store persistence', () => {
  it('saves only the selection and the checkout payload, under the spec key', () => {
    const { data, storage } = memory();
    const store = createCartStore(storage);
    const cart: Cart = aCart([aCartItem({ id: 'a' })]);
    store.getState().setServerCart(cart);
    store.getState().setSelectedItems([line('a', { voucherId: cart.items[0]!.voucher.id })]);
    store
      .getState()
      .setCheckout({ type: 'single', items: [{ voucherId: 'v9', priceOptionId: 'o1', quantity: 2 }] });

    const saved = JSON.parse(data.get(CART_STORAGE_KEY) ?? 'null') as { state: Record<string, unknown> };
    expect(CART_STORAGE_KEY).toBe('privileges-cart-storage-v2');
    expect(Object.keys(saved.state).sort()).toEqual(['checkoutPayload', 'selectedItemsData']);
    expect(saved.state.checkoutPayload).toEqual([{ voucherId: 'v9', priceOptionId: 'o1', quantity: 2 }]);
  });

  it('restores them and derives the checkout type from the payload', () => {
    const state = {
      selectedItemsData: [line('a')],
      checkoutPayload: [line('a'), line('b', { quantity: 3 })],
    };
    const { storage } = memory({ [CART_STORAGE_KEY]: JSON.stringify({ state, version: 0 }) });
    const store = createCartStore(storage);
    expect(store.restore.isRestored()).toBe(true);
    expect(store.getState()).toMatchObject({ ...state, checkoutType: 'multiple', serverCart: null });
  });

  it('drops malformed saved entries', () => {
    expect(
      readSavedCart({
        selectedItemsData: [line('a'), { cartItemId: 'b' }, line('c', { quantity: 11 }), 'x'],
        checkoutPayload: [line('a'), { voucherId: 'v' }],
      }),
    ).toEqual({ selectedItemsData: [line('a')], checkoutPayload: [], checkoutType: null });
    expect(readSavedCart({ checkoutPayload: [{ voucherId: 'v', quantity: 2 }] })).toMatchObject({
      checkoutPayload: [{ voucherId: 'v', priceOptionId: null, quantity: 2 }],
      checkoutType: 'single',
    });
    // Two Buy Now items cannot be a single purchase.
    expect(
      readSavedCart({
        checkoutPayload: [
          { voucherId: 'v', quantity: 1 },
          { voucherId: 'w', quantity: 1 },
        ],
      }),
    ).toMatchObject({ checkoutPayload: [], checkoutType: null });
    expect(readSavedCart('garbage')).toEqual({
      selectedItemsData: [],
      checkoutPayload: [],
      checkoutType: null,
    });
  });

  it('gives up waiting for a slow restore after 5000 ms, and ignores it when it comes later', async () => {
    vi.useFakeTimers();
    const saved = JSON.stringify({
      state: { selectedItemsData: [line('old')], checkoutPayload: [] },
      version: 0,
    });
    const { storage, release } = slow(saved);
    const store = createCartStore(storage);
    const { result } = renderHook(() => useCartRestored(store));
    expect(result.current).toBe(false);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(CART_RESTORE_TIMEOUT_MS - 1);
    });
    expect(result.current).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(result.current).toBe(true);

    store.getState().setCheckout({ type: 'multiple', items: [line('new')] });
    release();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(store.getState().selectedItemsData).toEqual([]);
    expect(store.getState().checkoutPayload).toEqual([line('new')]);
  });

  it('a restore within the timeout is used', async () => {
    vi.useFakeTimers();
    const saved = JSON.stringify({
      state: { selectedItemsData: [line('old')], checkoutPayload: [] },
      version: 0,
    });
    const { storage, release } = slow(saved);
    const store = createCartStore(storage);
    const { result } = renderHook(() => useCartRestored(store));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    release();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(result.current).toBe(true);
    expect(store.getState().selectedItemsData).toEqual([line('old')]);
  });
});

describe('reconcileSelection', () => {
  it('keeps lines still in the cart and buyable, with their new quantity', () => {
    const cart = aCart([
      aCartItem({ id: 'a', quantity: 4 }),
      aCartItem({ id: 'b', available: false, problem: 'sold_out' }),
    ]);
    const next = reconcileSelection([line('a'), line('b'), line('gone')], cart);
    expect(next).toEqual([
      { cartItemId: 'a', voucherId: cart.items[0]!.voucher.id, priceOptionId: null, quantity: 4 },
    ]);
  });

  it('setCheckout and clearCheckout set and clear the payload and its type', () => {
    const store = createCartStore(memory().storage);
    store.getState().setCheckout({ type: 'multiple', items: [line('a')] });
    expect(store.getState()).toMatchObject({ checkoutType: 'multiple', checkoutPayload: [line('a')] });
    store.getState().clearCheckout();
    expect(store.getState()).toMatchObject({ checkoutType: null, checkoutPayload: [] });
  });
});
