import type { Coupon, CouponProblem, Language } from '@app/contracts';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Input } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/error-message.ts';
import { formatDate, formatMoney } from '../../../shared/format.ts';
import { ErrorState } from '../../../shared/ui/list-states.tsx';
import skeleton from '../../../shared/ui/skeleton.module.css';
import { useCheckCoupon } from '../api/check-coupon.ts';
import { getQuoteQueryOptions } from '../api/get-quote.ts';
import { getVoucherCouponsQueryOptions } from '../api/get-voucher-coupons.ts';
import type { CheckoutSelection } from '../lib/checkout-source.ts';
import { couponProblemText, discountLabel } from '../lib/coupon-text.ts';
import { quoteBodyOf } from '../lib/purchase.ts';
import styles from '../checkout.module.css';

/** The coupons that apply to any voucher being bought, each once, soonest to end first. */
export function mergeCoupons(lists: (Coupon[] | undefined)[]): Coupon[] {
  const byId = new Map<string, Coupon>();
  for (const list of lists) for (const c of list ?? []) if (!byId.has(c.id)) byId.set(c.id, c);
  return [...byId.values()].sort((a, b) => Date.parse(a.endsAt) - Date.parse(b.endsAt));
}

const normalizeCode = (code: string) => code.trim().toUpperCase();

/**
 * 'Select discount code': the coupons that apply (valid until, Use) and a field to type a code. A typed
 * code is checked before it is used: with the coupon check for one voucher (at its option and quantity),
 * with a quote for cart lines, whose minimum spend counts the whole order.
 */
export function CouponPicker({
  open,
  selection,
  lang,
  currentCode,
  onClose,
  onUse,
}: {
  open: boolean;
  selection: CheckoutSelection;
  lang: Language;
  currentCode: string | null;
  onClose: () => void;
  onUse: (code: string) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const fieldId = useId();
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const [checkingQuote, setCheckingQuote] = useState(false);
  const check = useCheckCoupon();

  const voucherIds = [...new Set(selection.items.map((i) => i.voucherId))];
  const couponQueries = useQueries({
    queries: voucherIds.map((id) => ({ ...getVoucherCouponsQueryOptions(id, lang), enabled: open })),
  });
  const loading = couponQueries.some((q) => q.isPending && q.fetchStatus !== 'idle');
  const failed = couponQueries.find((q) => q.isError);
  const coupons = mergeCoupons(couponQueries.map((q) => q.data));

  const choose = (code: string) => {
    setTyped('');
    setTypedError(null);
    onUse(code);
  };

  const reasonFor = (problem: CouponProblem, minSpend?: number | null, message?: string | null) =>
    couponProblemText(t, problem, { minSpend, message });

  const applyTyped = async () => {
    const code = normalizeCode(typed);
    if (!code) {
      setTypedError(t('checkout.coupon.typeRequired'));
      return;
    }
    setTypedError(null);
    const [item] = selection.items;
    try {
      if (selection.type === 'single' && item) {
        const result = await check.mutateAsync({
          voucherId: item.voucherId,
          couponCode: code,
          priceOptionId: item.priceOptionId,
          quantity: item.quantity,
        });
        if (result.valid) choose(code);
        else if (result.problem)
          setTypedError(reasonFor(result.problem, result.coupon?.minSpend, result.message));
        else setTypedError(result.message ?? t('errors.coupon_not_applicable'));
        return;
      }
      setCheckingQuote(true);
      // The quote this code would give is the one the screen shows next: fetched once, kept in the cache.
      const quote = await client.fetchQuery(getQuoteQueryOptions(quoteBodyOf(selection, code), lang));
      if (quote.coupon) choose(code);
      else {
        const known = coupons.find((c) => c.code === code);
        setTypedError(
          quote.couponProblem
            ? reasonFor(quote.couponProblem, known?.minSpend, quote.couponMessage)
            : t('errors.coupon_not_applicable'),
        );
      }
    } catch (error) {
      setTypedError(errorMessage(t, error));
    } finally {
      setCheckingQuote(false);
    }
  };

  return (
    <Drawer
      open={open}
      placement="bottom"
      size="80vh"
      title={t('checkout.coupon.pickerTitle')}
      onClose={onClose}
      closable={{ 'aria-label': t('checkout.coupon.close') }}
      data-testid="coupon-picker"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void applyTyped();
        }}
      >
        <label className={styles.sectionLabel} htmlFor={fieldId}>
          {t('checkout.coupon.typeLabel')}
        </label>
        <div className={styles.typedRow}>
          <Input
            id={fieldId}
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              if (typedError) setTypedError(null);
            }}
            placeholder={t('checkout.coupon.typePlaceholder')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            status={typedError ? 'error' : undefined}
            aria-invalid={typedError ? true : undefined}
            aria-describedby={typedError ? `${fieldId}-error` : undefined}
            data-testid="coupon-input"
          />
          <Button htmlType="submit" loading={check.isPending || checkingQuote} data-testid="coupon-apply">
            {t('checkout.coupon.apply')}
          </Button>
        </div>
        <div aria-live="polite">
          {typedError && (
            <p id={`${fieldId}-error`} className={styles.problem} data-testid="coupon-error">
              {typedError}
            </p>
          )}
        </div>
      </form>

      <h3 className={`${styles.sectionLabel} ${styles.listLabel}`}>{t('checkout.coupon.available')}</h3>
      {loading ? (
        <div aria-busy="true" data-testid="coupon-loading">
          <span className={`${skeleton.skeleton} ${skeleton.block}`} />
        </div>
      ) : failed ? (
        <ErrorState compact error={failed.error} onRetry={() => void failed.refetch()} />
      ) : coupons.length === 0 ? (
        <p className={styles.couponMeta} data-testid="coupon-none">
          {t('checkout.coupon.none')}
        </p>
      ) : (
        <ul className={styles.couponList}>
          {coupons.map((coupon) => {
            const inUse = coupon.code === currentCode;
            return (
              <li key={coupon.id} className={styles.couponItem} data-testid="coupon-option">
                <div className={styles.couponInfo}>
                  <p className={styles.couponTitle}>{coupon.title}</p>
                  <p className={styles.couponDiscount}>{discountLabel(t, coupon)}</p>
                  <p className={styles.couponMeta}>
                    {coupon.minSpend > 0
                      ? t('checkout.coupon.minSpend', { amount: formatMoney(coupon.minSpend) })
                      : t('checkout.coupon.noMinSpend')}
                    {' · '}
                    {t('checkout.coupon.validUntil', { date: formatDate(coupon.endsAt, lang) })}
                  </p>
                  <span className={styles.couponCode}>{coupon.code}</span>
                </div>
                <Button
                  type={inUse ? 'default' : 'primary'}
                  disabled={inUse}
                  onClick={() => choose(coupon.code)}
                  aria-label={`${inUse ? t('checkout.coupon.inUse') : t('checkout.coupon.use')} ${coupon.code}`}
                  data-testid="coupon-use"
                >
                  {inUse ? t('checkout.coupon.inUse') : t('checkout.coupon.use')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Drawer>
  );
}
