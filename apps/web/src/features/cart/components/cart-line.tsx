import type { TFunction } from 'i18next';
import { DeleteOutlined } from '@ant-design/icons';
import type { CartItem } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { priceLabel } from '../../../shared/catalogue/price.ts';
import { formatMoney } from '../../../shared/format.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { voucherPath } from '../../../shared/paths.ts';
import { LightCheckbox } from '../../../shared/ui/light-checkbox.tsx';
import { MediaBox } from '../../../shared/ui/media-box.tsx';
import { Phrases } from '../../../shared/ui/phrases.tsx';
import { QuantityStepper } from '../../../shared/ui/quantity-stepper.tsx';
import styles from '../cart.module.css';

/** Why a flagged line cannot be bought, in words. */
export function problemText(t: TFunction, item: CartItem): string | null {
  if (!item.problem) return null;
  if (item.problem === 'not_enough_stock') {
    return t('cart.problem.not_enough_stock', { count: item.maxQuantity });
  }
  return t(`cart.problem.${item.problem}`);
}

/**
 * One cart line: tick, picture, title and option, unit price, quantity and its total. A flagged line is
 * greyed with its reason and cannot be ticked; when only fewer are left its quantity can still go down.
 */
export function CartLine({
  item,
  selected,
  busy,
  onSelect,
  onQuantity,
  onRemove,
}: {
  item: CartItem;
  selected: boolean;
  /** Its quantity change is on the way. */
  busy: boolean;
  onSelect: (on: boolean) => void;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const problem = problemText(t, item);
  const title = item.voucher.title;
  const stepperOpen = item.problem === null || item.problem === 'not_enough_stock';
  return (
    <li
      className={`${styles.line}${item.available ? '' : ` ${styles.lineFlagged}`}`}
      data-testid="cart-line"
      data-item-id={item.id}
    >
      <LightCheckbox
        className={`${styles.tick} ${styles.lineTick}`}
        checked={selected && item.available}
        disabled={!item.available}
        onChange={onSelect}
        aria-label={t('cart.selectItem', { title })}
        data-testid="cart-line-select"
      />
      <Link to={to(voucherPath(item.voucher.id))} className={styles.linePicture} tabIndex={-1} aria-hidden>
        <MediaBox src={item.voucher.imageUrl} alt="" ratio="4 / 3" width={88} height={66} />
      </Link>
      <div className={styles.lineBody}>
        <div className={styles.lineTop}>
          <Link to={to(voucherPath(item.voucher.id))} className={styles.lineTitle}>
            <Phrases text={title} />
          </Link>
          <button
            type="button"
            className={styles.iconButton}
            onClick={onRemove}
            aria-label={t('cart.deleteItem', { title })}
            data-testid="cart-line-remove"
          >
            <DeleteOutlined aria-hidden />
          </button>
        </div>
        {item.priceOption && (
          <p className={styles.lineOption}>
            <Phrases text={item.priceOption.label} />
          </p>
        )}
        <p className={styles.lineEach}>{t('cart.each', { price: priceLabel(t, item.voucher.price) })}</p>
        {problem && (
          <p className={styles.lineProblem} data-testid="cart-line-problem">
            {problem}
          </p>
        )}
        <div className={styles.lineBottom}>
          <QuantityStepper
            value={item.quantity}
            max={Math.max(1, item.maxQuantity)}
            disabled={!stepperOpen || busy}
            onChange={onQuantity}
            label={t('cart.quantity', { title })}
            decreaseLabel={t('cart.decrease', { title })}
            increaseLabel={t('cart.increase', { title })}
            testId="cart-line-quantity"
          />
          <strong className={styles.lineTotal} data-testid="cart-line-total">
            {formatMoney(item.lineTotal)}
          </strong>
        </div>
      </div>
    </li>
  );
}
