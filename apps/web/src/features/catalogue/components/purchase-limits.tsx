import type { VoucherDetail } from '@app/contracts';
import { useTranslation } from 'react-i18next';

type Limits = Pick<VoucherDetail, 'limitPerOrder' | 'limitPerMember'>;

/**
 * How many of a voucher one member may buy, as validity lines. A per-order limit at or above the
 * member's total says nothing more, so only the total is shown then.
 */
export function PurchaseLimits({ limitPerOrder, limitPerMember }: Limits) {
  const { t } = useTranslation();
  const perOrder = limitPerOrder !== null && (limitPerMember === null || limitPerOrder < limitPerMember);
  return (
    <>
      {perOrder && <li>{t('catalogue.detail.limit.perOrder', { count: limitPerOrder })}</li>}
      {limitPerMember !== null && <li>{t('catalogue.detail.limit.perMember', { count: limitPerMember })}</li>}
    </>
  );
}
