import type { CouponOption, CouponProblem, Language } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input } from 'antd';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/error-message.ts';
import { calendarDaysBetween } from '../../../shared/calendar.ts';
import { formatDate, formatMoney } from '../../../shared/format.ts';
import { ErrorState } from '../../../shared/ui/list-states.tsx';
import { useNow } from '../../../shared/use-now.ts';
import skeleton from '../../../shared/ui/skeleton.module.css';
import { useCheckCoupon } from '../api/check-coupon.ts';
import { getCouponOptionsQueryOptions } from '../api/get-coupon-options.ts';
import { getQuoteQueryOptions } from '../api/get-quote.ts';
import type { CheckoutSelection } from '../lib/checkout-source.ts';
import { couponDiscountLabel } from '../../../shared/catalogue/coupon-discount.ts';
import { couponProblemText } from '../lib/coupon-text.ts';
import { quoteBodyOf } from '../lib/purchase.ts';
import styles from '../checkout.module.css';
import { Sheet } from '../../../shared/ui/sheet.tsx';

/** A coupon ending within this many calendar days has its date in the warning colour; later ones do not. */
export const COUPON_ENDS_SOON_DAYS = 3;

/** Why a listed coupon cannot be used on this basket: below the minimum, by how much. */
export function optionReason(t: TFunction, option: CouponOption): string {
  if (option.problem === 'coupon_min_spend' && option.shortfall !== null && option.shortfall > 0)
    return t('checkout.coupon.spendMore', { amount: formatMoney(option.shortfall) });
  return option.problem
    ? couponProblemText(t, option.problem, { minSpend: option.coupon.minSpend, message: option.message })
    : '';
}

const normalizeCode = (code: string) => code.trim().toUpperCase();

/**
 * 'Select discount code': the coupons for this basket as the server judged them — under "Codes you can
 * use" only those the order would accept (with what each saves, and Use); below, greyed, the others with
 * the reason (how much more to spend, already used) and no Use — and a field to type a code. A typed code
 * is checked before it is used: with the coupon check for one voucher (at its option and quantity), with
 * a quote for cart lines, whose minimum spend counts the whole order.
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

  const basket = quoteBodyOf(selection, null);
  const options = useQuery({ ...getCouponOptionsQueryOptions(basket, lang), enabled: open });
  const list = options.data ?? [];
  const usable = list.filter((o) => o.usable);
  const others = list.filter((o) => !o.usable);

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
        const known = list.find((o) => o.coupon.code === code)?.coupon;
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
    <Sheet
      open={open}
      size="80vh"
      title={t('checkout.coupon.pickerTitle')}
      onClose={onClose}
      closeLabel={t('checkout.coupon.close')}
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
      {options.isPending ? (
        <div aria-busy="true" data-testid="coupon-loading">
          <span className={`${skeleton.skeleton} ${skeleton.block}`} />
        </div>
      ) : options.isError ? (
        <ErrorState
          compact
          error={options.error}
          onRetry={() => void options.refetch()}
          retrying={options.isFetching}
        />
      ) : (
        <>
          {usable.length === 0 ? (
            <p className={styles.couponMeta} data-testid="coupon-none">
              {t('checkout.coupon.none')}
            </p>
          ) : (
            <ul className={styles.couponList} data-testid="coupon-usable">
              {usable.map((option) => {
                const { coupon } = option;
                const inUse = coupon.code === currentCode;
                return (
                  <li key={coupon.id} className={styles.couponItem} data-testid="coupon-option">
                    <CouponInfo option={option} lang={lang} />
                    <Button
                      type={inUse ? 'default' : 'primary'}
                      disabled={inUse}
                      className={styles.useButton}
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
          {others.length > 0 && (
            <>
              <h3 className={`${styles.sectionLabel} ${styles.listLabel}`}>
                {t('checkout.coupon.unavailable')}
              </h3>
              <ul className={styles.couponList} data-testid="coupon-unusable">
                {others.map((option) => (
                  <li
                    key={option.coupon.id}
                    className={`${styles.couponItem} ${styles.couponUnusable}`}
                    data-testid="coupon-unusable-option"
                  >
                    <CouponInfo option={option} lang={lang} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </Sheet>
  );
}

/** A listed coupon: title, what it takes off, its conditions and end, its code; why not, when it cannot be used. */
function CouponInfo({ option, lang }: { option: CouponOption; lang: Language }) {
  const { t } = useTranslation();
  const { coupon } = option;
  // Only an end a few days away is news; a date months ahead is plain text.
  const now = useNow();
  const endsSoon = calendarDaysBetween(now, coupon.endsAt) <= COUPON_ENDS_SOON_DAYS;
  return (
    <div className={styles.couponInfo}>
      <p className={styles.couponTitle}>{coupon.title}</p>
      <p className={styles.couponDiscount}>
        {option.usable && option.discount > 0
          ? t('checkout.coupon.savesHere', { amount: formatMoney(option.discount) })
          : couponDiscountLabel(t, coupon, 'checkout')}
      </p>
      <p className={styles.couponMeta}>
        {coupon.minSpend > 0
          ? t('checkout.coupon.minSpend', { amount: formatMoney(coupon.minSpend) })
          : t('checkout.coupon.noMinSpend')}
        {' · '}
        <span className={endsSoon ? styles.endsSoon : undefined} data-testid="coupon-valid-until">
          {t('checkout.coupon.validUntil', { date: formatDate(coupon.endsAt, lang) })}
        </span>
      </p>
      <span className={styles.couponCode}>{coupon.code}</span>
      {!option.usable && (
        <p className={styles.couponReason} data-testid="coupon-reason">
          {optionReason(t, option)}
        </p>
      )}
    </div>
  );
}

export default CouponPicker;
