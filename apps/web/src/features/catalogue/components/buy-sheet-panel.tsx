import '../../../shared/cart/texts.ts';
import type { VoucherDetail } from '@app/contracts';
import { CART_ITEM_MAX_QUANTITY } from '@app/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/error-message.ts';
import { useAddCartItems } from '../../../shared/cart/add-cart-items.ts';
import { useCartStore } from '../../../shared/cart/cart-store.ts';
import { getCartQueryOptions } from '../../../shared/cart/get-cart.ts';
import { priceLabel } from '../../../shared/catalogue/price.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { paths } from '../../../shared/paths.ts';
import { Phrases } from '../../../shared/ui/phrases.tsx';
import { QuantityStepper } from '../../../shared/ui/quantity-stepper.tsx';
import { lazyToast as toast } from '../../../shared/ui/lazy-toast.ts';
import { useCatalogueScope } from '../api/scope.ts';
import type { BuySheetProps } from './buy-sheet.tsx';
import styles from '../catalogue.module.css';
import { LightButton } from '../../../shared/ui/light-button.tsx';
import { LightSheet } from '../../../shared/ui/light-sheet.tsx';

const ADDED_TOAST = 'cart-added';

/**
 * Most units one choice may take: the per-line maximum, or fewer when less stock is left or the voucher
 * allows fewer in one order.
 */
export const buyableUnits = (voucher: Pick<VoucherDetail, 'remaining' | 'limitPerOrder'>) =>
  Math.max(
    0,
    Math.min(
      CART_ITEM_MAX_QUANTITY,
      voucher.remaining ?? CART_ITEM_MAX_QUANTITY,
      voucher.limitPerOrder ?? CART_ITEM_MAX_QUANTITY,
    ),
  );

/** The sheet of BuySheet (buy-sheet.tsx), loaded when it first opens. */
export default function BuySheetPanel({ open, mode, voucher, onClose }: BuySheetProps) {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const navigate = useNavigate();
  const { viewer } = useCatalogueScope();
  const choice = useId();
  const options = voucher.priceOptions;
  const [optionId, setOptionId] = useState<string | null>(options[0]?.id ?? null);
  const [quantity, setQuantity] = useState(1);
  const add = useAddCartItems(viewer);

  // What the cart already holds of this choice (the badge has usually read the cart already).
  const cart = useQuery({ ...getCartQueryOptions(viewer), enabled: mode === 'cart' });
  const lines = mode === 'cart' ? (cart.data?.items.filter((i) => i.voucher.id === voucher.id) ?? []) : [];
  const inCart = lines.find((i) => (i.priceOption?.id ?? null) === optionId)?.quantity ?? 0;
  // A limit per order counts every option of the voucher that the cart would check out together.
  const inCartAllOptions = lines.reduce((n, i) => n + i.quantity, 0);
  const most = Math.max(
    0,
    Math.min(
      buyableUnits(voucher) - inCart,
      voucher.limitPerOrder === null ? Infinity : voucher.limitPerOrder - inCartAllOptions,
    ),
  );
  const chosen = Math.min(quantity, Math.max(1, most));
  const option = options.find((o) => o.id === optionId) ?? null;
  const unitPrice = option?.price ?? voucher.price;

  const confirm = () => {
    if (mode === 'buy') {
      useCartStore.getState().setCheckout({
        type: 'single',
        items: [{ voucherId: voucher.id, priceOptionId: optionId, quantity: chosen }],
      });
      onClose();
      void navigate(to(paths.checkout));
      return;
    }
    add.mutate(
      { items: [{ voucherId: voucher.id, priceOptionId: optionId, quantity: chosen }] },
      {
        onSuccess: () => {
          onClose();
          setQuantity(1);
          const viewCart = () => {
            toast.dismiss(ADDED_TOAST);
            void navigate(to(paths.cart));
          };
          toast.successContent(
            <span className={styles.addedToast} data-testid="cart-added">
              {t('cart.picker.added')}
              <button
                type="button"
                className={styles.addedToastLink}
                onClick={viewCart}
                data-testid="view-cart"
              >
                {t('cart.picker.viewCart')}
              </button>
            </span>,
            ADDED_TOAST,
          );
        },
      },
    );
  };

  return (
    <LightSheet
      open={open}
      onClose={onClose}
      title={t(mode === 'cart' ? 'catalogue.detail.addToCart' : 'catalogue.detail.buyNow')}
      closeLabel={t('cart.picker.close')}
      footer={
        <LightButton
          variant="primary"
          block
          loading={add.isPending}
          disabled={most === 0}
          onClick={confirm}
          data-testid="buy-sheet-confirm"
        >
          {t(mode === 'cart' ? 'catalogue.detail.addToCart' : 'catalogue.detail.buyNow')}
        </LightButton>
      }
    >
      <div className={styles.buySheet} data-testid="buy-sheet">
        <p className={styles.buySheetTitle}>
          <Phrases text={voucher.title} />
        </p>

        {options.length > 0 && (
          <fieldset className={styles.buyOptions}>
            <legend className={styles.buyLabel}>{t('cart.picker.option')}</legend>
            {options.map((o) => (
              <label
                key={o.id}
                className={`${styles.buyOption}${o.id === optionId ? ` ${styles.buyOptionChosen}` : ''}`}
              >
                <input
                  type="radio"
                  name={`${choice}-option`}
                  value={o.id}
                  checked={o.id === optionId}
                  onChange={() => {
                    setOptionId(o.id);
                    add.reset();
                  }}
                  data-testid="buy-option"
                />
                <span className={styles.buyOptionLabel}>
                  <Phrases text={o.label} />
                </span>
                <strong>{priceLabel(t, o.price)}</strong>
              </label>
            ))}
          </fieldset>
        )}

        <div className={styles.buyQuantity}>
          <div>
            <span className={styles.buyLabel}>{t('cart.picker.quantity')}</span>
            {most > 0 && <p className={styles.buyHint}>{t('cart.picker.max', { count: most })}</p>}
          </div>
          <QuantityStepper
            value={chosen}
            max={Math.max(1, most)}
            disabled={most === 0}
            onChange={(q) => {
              setQuantity(q);
              add.reset();
            }}
            label={t('cart.picker.quantityOf', { title: voucher.title })}
            decreaseLabel={t('cart.picker.decrease')}
            increaseLabel={t('cart.picker.increase')}
            testId="buy-quantity"
          />
        </div>

        {inCart > 0 && (
          <p className={styles.buyHint} data-testid="buy-in-cart">
            {most === 0 ? t('cart.picker.cartHoldsMost') : t('cart.picker.inCart', { count: inCart })}
          </p>
        )}

        <div className={styles.buyTotal}>
          <span>{t('cart.picker.total')}</span>
          <strong data-testid="buy-total">{priceLabel(t, unitPrice * chosen)}</strong>
        </div>

        {add.isError && (
          <p className={styles.buyError} role="alert" data-testid="buy-error">
            {errorMessage(t, add.error)}
          </p>
        )}
      </div>
    </LightSheet>
  );
}
