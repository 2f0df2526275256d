import type { Cart, CheckoutType } from '@app/contracts';
import { CART_ITEM_MAX_QUANTITY, CART_MAX_LINES } from '@app/contracts/constants';
import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { safeStorage } from '../storage.ts';

/*
 * The cart's client state: the member's selection in the cart and the
 * checkout payload, kept on the device so a reload of /cart or /checkout finds them again, and the
 * server's last cart in memory. It lives in shared/ because three features use it: the cart screen
 * selects and checks out ('multiple'), the voucher detail buys now ('single'), checkout reads both.
 */

/** The product prefix of every key this app stores ('privileges.language', …); the name is the spec's. */
export const CART_STORAGE_KEY = 'privileges-cart-storage-v2';
/** Longest wait for the saved state; after it the screens go on without it. */
export const CART_RESTORE_TIMEOUT_MS = 5000;

/** One unit choice of Buy Now: POST /bff/orders. */
export type BuyNowItem = { voucherId: string; priceOptionId: string | null; quantity: number };
/** One selected cart line: POST /bff/orders/cart takes the `cartItemId`s, the rest is for display. */
export type CartCheckoutItem = BuyNowItem & { cartItemId: string };
/** An item object of `checkoutPayload`. */
export type CheckoutItem = BuyNowItem | CartCheckoutItem;

/** 'multiple': the cart's selected lines. 'single': one voucher, option and quantity from Buy Now. */
export type CheckoutPayload =
  | { type: Extract<CheckoutType, 'multiple'>; items: CartCheckoutItem[] }
  | { type: Extract<CheckoutType, 'single'>; items: [BuyNowItem] };

export type CartState = {
  /** The cart lines the member ticked (only lines that can be bought), as the server last described them. */
  selectedItemsData: CartCheckoutItem[];
  /** What /checkout buys; empty when nothing is being checked out. */
  checkoutPayload: CheckoutItem[];
  /** How `checkoutPayload` was set; null while it is empty. */
  checkoutType: CheckoutType | null;
  /** The server's last answer (memory only: the server is the truth for it). */
  serverCart: Cart | null;
};

export type CartActions = {
  /** A server cart answer replaces the cart; the selection keeps only lines still there and buyable. */
  setServerCart: (cart: Cart) => void;
  setSelectedItems: (items: CartCheckoutItem[]) => void;
  setCheckout: (payload: CheckoutPayload) => void;
  clearCheckout: () => void;
  /** Forgets everything (another member signs in on this device). */
  reset: () => void;
};

const empty: CartState = { selectedItemsData: [], checkoutPayload: [], checkoutType: null, serverCart: null };

export const lineOf = (item: Cart['items'][number]): CartCheckoutItem => ({
  cartItemId: item.id,
  voucherId: item.voucher.id,
  priceOptionId: item.priceOption?.id ?? null,
  quantity: item.quantity,
});

/** The selection after a new cart answer: lines gone or no longer buyable drop out, quantities follow. */
export function reconcileSelection(selected: readonly CartCheckoutItem[], cart: Cart): CartCheckoutItem[] {
  const byId = new Map(cart.items.map((i) => [i.id, i]));
  const next: CartCheckoutItem[] = [];
  for (const s of selected) {
    const item = byId.get(s.cartItemId);
    if (item?.available) next.push(lineOf(item));
  }
  return next;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 100;

function readBuyNowItem(v: unknown): BuyNowItem | null {
  if (!isRecord(v) || !isId(v.voucherId)) return null;
  const { quantity, priceOptionId } = v;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity)) return null;
  if (quantity < 1 || quantity > CART_ITEM_MAX_QUANTITY) return null;
  if (priceOptionId !== null && priceOptionId !== undefined && !isId(priceOptionId)) return null;
  return { voucherId: v.voucherId, priceOptionId: priceOptionId ?? null, quantity };
}

function readCartItem(v: unknown): CartCheckoutItem | null {
  const item = readBuyNowItem(v);
  return item && isRecord(v) && isId(v.cartItemId) ? { cartItemId: v.cartItemId, ...item } : null;
}

const listOf = (v: unknown) => (Array.isArray(v) ? v.slice(0, CART_MAX_LINES) : []);

/**
 * What storage holds, checked (it may be from an older build or edited by hand): a malformed entry is
 * dropped, and a payload that is neither all cart lines nor one Buy Now is dropped whole. The checkout
 * type is not stored (the spec keeps only the two lists); it follows from the payload's shape.
 */
export function readSavedCart(
  saved: unknown,
): Pick<CartState, 'selectedItemsData' | 'checkoutPayload' | 'checkoutType'> {
  const record = isRecord(saved) ? saved : {};
  const selectedItemsData = listOf(record.selectedItemsData)
    .map(readCartItem)
    .filter((i): i is CartCheckoutItem => i !== null);
  const rawPayload = listOf(record.checkoutPayload);
  const asCart = rawPayload.map(readCartItem);
  const asSingle = rawPayload.length === 1 ? readBuyNowItem(rawPayload[0]) : null;
  if (rawPayload.length > 0 && asCart.every((i) => i !== null)) {
    return { selectedItemsData, checkoutPayload: asCart as CartCheckoutItem[], checkoutType: 'multiple' };
  }
  if (asSingle) return { selectedItemsData, checkoutPayload: [asSingle], checkoutType: 'single' };
  return { selectedItemsData, checkoutPayload: [], checkoutType: null };
}

/** Local storage that never throws, as zustand's persist wants it. */
const deviceStorage: StateStorage = {
  getItem: (name) => safeStorage.get(name),
  setItem: (name, value) => safeStorage.set(name, value),
  removeItem: (name) => safeStorage.remove(name),
};

export type CartRestore = {
  /** True once the saved state is back, or the wait for it gave up. */
  isRestored: () => boolean;
  /** Resolves at the same moment. */
  whenRestored: () => Promise<void>;
};

/**
 * The store over a given storage (tests pass a slow one). Restoring waits at most `restoreTimeoutMs`;
 * a restore that arrives after that is ignored, so it cannot overwrite what the member did meanwhile.
 */
export function createCartStore(
  storage: StateStorage = deviceStorage,
  restoreTimeoutMs: number = CART_RESTORE_TIMEOUT_MS,
) {
  let gaveUp = false;
  const store = create<CartState & CartActions>()(
    persist(
      (set) => ({
        ...empty,
        setServerCart: (cart) =>
          set((s) => ({
            serverCart: cart,
            selectedItemsData: reconcileSelection(s.selectedItemsData, cart),
          })),
        setSelectedItems: (items) => set({ selectedItemsData: items }),
        setCheckout: ({ type, items }) => set({ checkoutType: type, checkoutPayload: [...items] }),
        clearCheckout: () => set({ checkoutType: null, checkoutPayload: [] }),
        reset: () => set(empty),
      }),
      {
        name: CART_STORAGE_KEY,
        storage: createJSONStorage(() => storage),
        partialize: (s) => ({ selectedItemsData: s.selectedItemsData, checkoutPayload: s.checkoutPayload }),
        merge: (saved, current) => (gaveUp ? current : { ...current, ...readSavedCart(saved) }),
      },
    ),
  );

  let done = store.persist.hasHydrated();
  const restored = done
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        const finish = () => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          unsubscribe();
          resolve();
        };
        const unsubscribe = store.persist.onFinishHydration(finish);
        const timer = setTimeout(() => {
          gaveUp = true;
          finish();
        }, restoreTimeoutMs);
      });
  const restore: CartRestore = { isRestored: () => done, whenRestored: () => restored };
  return Object.assign(store, { restore });
}

export type CartStore = ReturnType<typeof createCartStore>;

/** The app's cart state, restored from this device's local storage. */
export const useCartStore = createCartStore();

/**
 * False until the saved selection and checkout payload are back (or 5000 ms have passed without them):
 * a screen that reads them shows its skeleton until then instead of acting on an empty state.
 */
export function useCartRestored(store: CartStore = useCartStore): boolean {
  const [restored, setRestored] = useState(store.restore.isRestored);
  useEffect(() => {
    if (restored) return;
    let live = true;
    void store.restore.whenRestored().then(() => {
      if (live) setRestored(true);
    });
    return () => {
      live = false;
    };
  }, [restored, store]);
  return restored;
}
