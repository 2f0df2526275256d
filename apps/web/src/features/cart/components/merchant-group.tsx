import { DeleteOutlined } from '@ant-design/icons';
import type { CartItem } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { storePath } from '../../../shared/paths.ts';
import { LightCheckbox } from '../../../shared/ui/light-checkbox.tsx';
import { MediaBox } from '../../../shared/ui/media-box.tsx';
import { tickOf, type MerchantGroup } from '../lib/cart-lines.ts';
import styles from '../cart.module.css';
import { CartLine } from './cart-line.tsx';

/** A store's lines under its logo and name, with a tick for all of them and Delete all. */
export function MerchantGroupCard({
  group,
  selected,
  busyItemId,
  onSelect,
  onQuantity,
  onRemove,
  onRemoveAll,
}: {
  group: MerchantGroup;
  selected: ReadonlySet<string>;
  busyItemId: string | null;
  onSelect: (ids: string[], on: boolean) => void;
  onQuantity: (item: CartItem, quantity: number) => void;
  onRemove: (item: CartItem) => void;
  onRemoveAll: () => void;
}) {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const { merchant, items } = group;
  const tick = tickOf(items, selected);
  const buyable = items.filter((i) => i.available).map((i) => i.id);
  return (
    <section className={styles.group} aria-label={merchant.name} data-testid="cart-store">
      <header className={styles.groupHeader}>
        <LightCheckbox
          className={styles.tick}
          checked={tick === 'all'}
          indeterminate={tick === 'some'}
          disabled={buyable.length === 0}
          onChange={(on) => onSelect(buyable, on)}
          aria-label={t('cart.selectStore', { store: merchant.name })}
          data-testid="cart-store-select"
        />
        <Link to={to(storePath(merchant.id))} className={styles.groupStore}>
          <MediaBox
            src={merchant.logoUrl}
            alt=""
            ratio="1 / 1"
            className={styles.groupLogo}
            width={28}
            height={28}
          />
          <span className={styles.groupName}>{merchant.name}</span>
        </Link>
        <button
          type="button"
          className={styles.textButton}
          onClick={onRemoveAll}
          aria-label={t('cart.deleteStoreLabel', { store: merchant.name })}
          data-testid="cart-store-delete"
        >
          <DeleteOutlined aria-hidden />
          <span>{t('cart.deleteStore')}</span>
        </button>
      </header>
      <ul className={styles.lines}>
        {items.map((item) => (
          <CartLine
            key={item.id}
            item={item}
            selected={selected.has(item.id)}
            busy={busyItemId === item.id}
            onSelect={(on) => onSelect([item.id], on)}
            onQuantity={(q) => onQuantity(item, q)}
            onRemove={() => onRemove(item)}
          />
        ))}
      </ul>
    </section>
  );
}
