import '../../../shared/cart/texts.ts';
import { DeleteOutlined } from '@ant-design/icons';
import type { CartItem } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/error-message.ts';
import { reconcileSelection, useCartRestored, useCartStore } from '../../../shared/cart/cart-store.ts';
import { cartKeys, getCartQueryOptions } from '../../../shared/cart/get-cart.ts';
import { formatMoney } from '../../../shared/format.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { paths } from '../../../shared/paths.ts';
import { afterNextPaint, lazyScreen } from '../../../shared/ui/lazy-screen.tsx';
import { LightButton } from '../../../shared/ui/light-button.tsx';
import { LightCheckbox } from '../../../shared/ui/light-checkbox.tsx';
import { EmptyState, ErrorState, StateActions } from '../../../shared/ui/list-states.tsx';
import page from '../../../shared/ui/page.module.css';
import { lazyToast as toast } from '../../../shared/ui/lazy-toast.ts';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { useClearCart } from '../api/clear-cart.ts';
import { useRemoveCartItem } from '../api/remove-cart-item.ts';
import { useRemoveCartItems } from '../api/remove-cart-items.ts';
import { useUpdateCartItem } from '../api/update-cart-item.ts';
import { CartSkeleton } from '../components/cart-skeleton.tsx';
import type { DeleteRequest } from '../components/delete-dialog.tsx';
import { MerchantGroupCard } from '../components/merchant-group.tsx';
import { useCartViewer } from '../hooks/use-cart-viewer.ts';
import { groupByMerchant, selectionTotal, tickOf, withTicked } from '../lib/cart-lines.ts';
import styles from '../cart.module.css';

// The delete confirmation (antd's modal) is not part of the cart's first paint: a Delete loads it after
// the tap's own frame, and it opens once its code is here.
const DeleteDialog = lazyScreen(() => import('../components/delete-dialog.tsx'));

export function CartScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('cart.title'));
  const viewer = useCartViewer();
  // The saved selection must be back before the first answer prunes it, or it would be saved empty.
  const restored = useCartRestored();
  const cart = useQuery(getCartQueryOptions(viewer));
  const setServerCart = useCartStore((s) => s.setServerCart);

  useEffect(() => {
    if (restored && cart.data) setServerCart(cart.data);
  }, [restored, cart.data, setServerCart]);

  return (
    <div className={styles.screen}>
      <h1 className={`${page.title} ${styles.title}`}>{t('cart.title')}</h1>
      {!restored || cart.isPending ? (
        <CartSkeleton />
      ) : cart.isError ? (
        <ErrorState error={cart.error} onRetry={() => void cart.refetch()} retrying={cart.isFetching} />
      ) : cart.data.items.length === 0 ? (
        <EmptyCart />
      ) : (
        <CartContents items={cart.data.items} viewer={viewer} />
      )}
    </div>
  );
}

function EmptyCart() {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const navigate = useNavigate();
  return (
    <EmptyState
      title={t('cart.empty.title')}
      text={t('cart.empty.text')}
      action={
        <StateActions>
          <LightButton
            variant="primary"
            onClick={() => void navigate(to(paths.home))}
            data-testid="cart-shop-now"
          >
            {t('cart.empty.shopNow')}
          </LightButton>
        </StateActions>
      }
    />
  );
}

function CartContents({ items, viewer }: { items: CartItem[]; viewer: string }) {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const navigate = useNavigate();
  const client = useQueryClient();
  const saved = useCartStore((s) => s.selectedItemsData);
  const setSelectedItems = useCartStore((s) => s.setSelectedItems);
  const setCheckout = useCartStore((s) => s.setCheckout);
  const [deleting, setDeleting] = useState<DeleteRequest | null>(null);
  // The confirmation is mounted closed first and opened in a later frame, as when it was always there.
  // Mounted already open, a tap on its button as soon as it showed could close it instead (seen in CI:
  // Delete confirmed, no request sent); antd's modal grows from where the finger was.
  const [asked, setAsked] = useState(false);

  // Judged against the lines on screen, so a line gone or flagged since it was ticked never counts.
  const selectedLines = useMemo(() => reconcileSelection(saved, { items, itemCount: 0 }), [saved, items]);
  const selected = useMemo(() => new Set(selectedLines.map((l) => l.cartItemId)), [selectedLines]);
  const groups = useMemo(() => groupByMerchant(items), [items]);
  const total = selectionTotal(items, selected);
  const allTick = tickOf(items, selected);
  const anyFlagged = items.some((i) => !i.available);

  const failed = (error: unknown) => {
    toast.error(errorMessage(t, error));
    // The cart may have changed on the server (a line removed elsewhere, stock sold): show what it is now.
    void client.invalidateQueries({ queryKey: cartKeys.of(viewer) });
  };
  const update = useUpdateCartItem(viewer);
  const removeOne = useRemoveCartItem(viewer);
  const removeMany = useRemoveCartItems(viewer);
  const clear = useClearCart(viewer);
  const removing = removeOne.isPending || removeMany.isPending || clear.isPending;

  const ask = (request: DeleteRequest) => {
    afterNextPaint()
      .then(() => DeleteDialog.preload())
      .then(() => {
        setAsked(true);
        return afterNextPaint();
      })
      .then(() => setDeleting(request), failed);
  };

  const select = (ids: string[], on: boolean) => setSelectedItems(withTicked(items, selected, ids, on));

  const confirmDelete = () => {
    if (!deleting || deleting.ids.length === 0) return;
    const ids = deleting.ids;
    const done = {
      onSuccess: () => {
        setDeleting(null);
        toast.success(t('cart.delete.done'));
      },
      onError: (error: unknown) => {
        setDeleting(null);
        failed(error);
      },
    };
    if (ids.length === items.length) clear.mutate(undefined, done);
    else if (ids.length === 1) removeOne.mutate(ids[0]!, done);
    else removeMany.mutate({ ids }, done);
  };

  const checkout = () => {
    setCheckout({ type: 'multiple', items: selectedLines });
    void navigate(to(paths.checkout));
  };

  return (
    <>
      <div className={styles.toolbar}>
        <LightCheckbox
          className={styles.tick}
          checked={allTick === 'all'}
          indeterminate={allTick === 'some'}
          disabled={!items.some((i) => i.available)}
          onChange={(on) =>
            select(
              items.map((i) => i.id),
              on,
            )
          }
          data-testid="cart-select-all"
        >
          {t('cart.selectAll')}
        </LightCheckbox>
        <button
          type="button"
          className={styles.textButton}
          onClick={() => ask({ kind: 'selected', ids: [...selected] })}
          data-testid="cart-delete-selected"
        >
          <DeleteOutlined aria-hidden />
          <span>{t('cart.deleteSelected')}</span>
        </button>
      </div>

      {anyFlagged && (
        <p className={styles.flaggedNote} role="note" data-testid="cart-flagged-note">
          {t('cart.unavailableNote')}
        </p>
      )}

      {groups.map((group) => (
        <MerchantGroupCard
          key={group.merchant.id}
          group={group}
          selected={selected}
          busyItemId={update.isPending ? (update.variables?.id ?? null) : null}
          onSelect={select}
          onQuantity={(item, quantity) => update.mutate({ id: item.id, quantity }, { onError: failed })}
          onRemove={(item) => ask({ kind: 'item', ids: [item.id], title: item.voucher.title })}
          onRemoveAll={() =>
            ask({ kind: 'store', ids: group.items.map((i) => i.id), store: group.merchant.name })
          }
        />
      ))}

      <div className={styles.summaryBar} data-testid="cart-summary">
        <div className={styles.summaryTotal}>
          <span className={styles.summaryLabel}>
            {t('cart.total')} · {t('cart.units', { count: total.units })}
          </span>
          <strong className={styles.summaryPrice} data-testid="cart-total">
            {formatMoney(total.price)}
          </strong>
        </div>
        <LightButton
          variant="primary"
          className={styles.summaryCheckout}
          disabled={total.lines === 0}
          onClick={checkout}
          data-testid="cart-checkout"
        >
          {total.lines > 0 ? t('cart.checkoutCount', { count: total.units }) : t('cart.checkout')}
        </LightButton>
      </div>

      {asked && (
        <Suspense fallback={null}>
          <DeleteDialog
            request={deleting}
            deleting={removing}
            onConfirm={confirmDelete}
            onClose={() => setDeleting(null)}
          />
        </Suspense>
      )}
    </>
  );
}

export default CartScreen;
