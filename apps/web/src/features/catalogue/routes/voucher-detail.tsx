import '../texts.ts';
import { ShoppingCartOutlined } from '@ant-design/icons';
import type { VoucherDetail } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatProgrammeDate } from '../../../shared/catalogue/dates.ts';
import { boughtLabel, pointsEarnedLabel, priceLabel } from '../../../shared/catalogue/price.ts';
import { formatMoney } from '../../../shared/format.ts';
import { afterNextPaint } from '../../../shared/ui/lazy-screen.tsx';
import { LightButton } from '../../../shared/ui/light-button.tsx';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { PrivilegeOnlyBadge } from '../components/badges.tsx';
import { BuySheet, loadBuySheet, type BuyMode } from '../components/buy-sheet.tsx';
import { DetailSection } from '../components/detail-parts.tsx';
import { DetailScreen } from '../components/detail-screen.tsx';
import { ItemDetail, UsageLimit } from '../components/item-detail.tsx';
import { PurchaseLimits } from '../components/purchase-limits.tsx';
import { useSignInFirst } from '../hooks/use-sign-in-first.ts';
import { voucherKind } from '../kinds/voucher-kind.tsx';
import styles from '../catalogue.module.css';

export function VoucherDetailScreen() {
  return (
    <DetailScreen kind={voucherKind} view={(voucher, now) => <VoucherView voucher={voucher} now={now} />} />
  );
}

/** A voucher is bought: it has a price (or options), earns points, sells out, is used within days. */
function VoucherView({ voucher, now }: { voucher: VoucherDetail; now: number }) {
  const { t } = useTranslation();
  const { lang } = useLocalizedPath();
  const signInFirst = useSignInFirst();
  const [sheetOpen, setSheetOpen] = useState(false);
  // Kept while the sheet closes, so its title does not change during the animation.
  const [mode, setMode] = useState<BuyMode>('cart');
  // The button tapped shows it is busy in the tap's own frame; the sheet is drawn in a task after it.
  const [opening, setOpening] = useState<BuyMode | null>(null);
  const openSheet = (next: BuyMode) =>
    signInFirst(() => {
      setMode(next);
      setOpening(next);
      void afterNextPaint()
        .then(loadBuySheet)
        .then(() => {
          setOpening(null);
          setSheetOpen(true);
        });
    });

  return (
    <ItemDetail
      kind="voucher"
      item={voucher}
      now={now}
      dates={[voucher.saleStartsAt, voucher.saleEndsAt]}
      price={priceLabel(t, voucher.price, voucher.hasPriceOptions)}
      facts={
        <p className={styles.detailFacts}>
          {voucher.pointsEarned > 0 && <span>{pointsEarnedLabel(t, voucher.pointsEarned)}</span>}
          {voucher.boughtCount > 0 && <span>{boughtLabel(t, voucher.boughtCount)}</span>}
          {voucher.pricePerCardMonth !== null && (
            <span>
              {t('catalogue.terms.pricePerCard', { price: formatMoney(voucher.pricePerCardMonth) })}
            </span>
          )}
          {voucher.remaining !== null && voucher.remaining > 0 && voucher.remaining <= 20 && (
            <span className={styles.factsUrgent}>
              {t('catalogue.detail.remaining', { count: voucher.remaining })}
            </span>
          )}
        </p>
      }
      extraTags={voucher.privilegeOnly && <PrivilegeOnlyBadge />}
      options={
        voucher.priceOptions.length > 1 && (
          <DetailSection id="detail-options" title={t('catalogue.detail.options')}>
            <ul className={styles.optionList}>
              {voucher.priceOptions.map((o) => (
                <li key={o.id}>
                  <span>{o.label}</span>
                  <strong>{priceLabel(t, o.price)}</strong>
                </li>
              ))}
            </ul>
          </DetailSection>
        )
      }
      validity={
        <>
          <li>{t('catalogue.detail.validDays', { count: voucher.validDays })}</li>
          <UsageLimit usageLimit={voucher.usageLimit} />
          <PurchaseLimits limitPerOrder={voucher.limitPerOrder} limitPerMember={voucher.limitPerMember} />
          {/* In time order: from, then until. */}
          {voucher.unavailableReason === 'not_started' && (
            <li>
              {t('catalogue.detail.saleStarts', { date: formatProgrammeDate(voucher.saleStartsAt, lang) })}
            </li>
          )}
          {voucher.saleEndsAt && (
            <li>{t('catalogue.detail.saleEnds', { date: formatProgrammeDate(voucher.saleEndsAt, lang) })}</li>
          )}
        </>
      }
      actions={
        <>
          <LightButton
            icon={<ShoppingCartOutlined aria-hidden />}
            loading={opening === 'cart'}
            onClick={() => openSheet('cart')}
            aria-haspopup="dialog"
            data-testid="add-to-cart"
          >
            {t('catalogue.detail.addToCart')}
          </LightButton>
          <LightButton
            variant="primary"
            loading={opening === 'buy'}
            onClick={() => openSheet('buy')}
            aria-haspopup="dialog"
            data-testid="buy-now"
          >
            {t('catalogue.detail.buyNow')}
          </LightButton>
        </>
      }
    >
      <BuySheet open={sheetOpen} mode={mode} voucher={voucher} onClose={() => setSheetOpen(false)} />
    </ItemDetail>
  );
}

export default VoucherDetailScreen;
