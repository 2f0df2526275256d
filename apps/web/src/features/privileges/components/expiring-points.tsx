import { ClockCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { voucherStatus } from '../../../shared/catalogue/voucher-status.ts';
import { formatDate, formatNumber } from '../../../shared/format.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { EmptyState, ErrorState } from '../../../shared/ui/list-states.tsx';
import skeleton from '../../../shared/ui/skeleton.module.css';
import { getPointsQueryOptions } from '../../../shared/points.ts';
import rowList from '../../../shared/ui/row-list.module.css';
import { StatusLabel } from '../../../shared/ui/status-label.tsx';
import { useNow } from '../../../shared/use-now.ts';
import styles from '../privileges-history.module.css';

/**
 * The Expiring Points tab: the balance, then each upcoming expiry (date and amount), soonest first.
 * An expiry near enough to be news carries the same "Expires in N days" label, in the same colours, as
 * a voucher ending soon in the catalogue and the wallet; one further away is plain, not an alarm.
 */
export function ExpiringPoints({ viewer }: { viewer: string }) {
  const { t } = useTranslation();
  const { lang } = useLocalizedPath();
  const now = useNow();
  const points = useQuery(getPointsQueryOptions(viewer));
  if (points.isPending) return <Skeletons label={t('app.loading')} />;
  if (points.isError)
    return (
      <ErrorState error={points.error} onRetry={() => void points.refetch()} retrying={points.isFetching} />
    );
  const { balance, expiries } = points.data;
  return (
    <>
      <p className={styles.balance} data-testid="points-balance">
        <span className={styles.balanceLabel}>{t('history.privileges.balance')}</span>
        <span>{t('history.points', { count: balance, points: formatNumber(balance) })}</span>
      </p>
      {expiries.length === 0 ? (
        <EmptyState
          title={t('history.privileges.noExpiryTitle')}
          text={t('history.privileges.noExpiryText')}
        />
      ) : (
        <ul
          className={rowList.list}
          aria-label={t('history.privileges.tabs.expiring')}
          data-testid="expiry-list"
        >
          {expiries.map((e) => {
            const near = voucherStatus(now, null, e.expiresAt);
            return (
              <li key={e.date} className={rowList.row} data-testid="expiry-row">
                <ClockCircleOutlined aria-hidden className={styles.rowIcon} />
                <span className={styles.rowText}>
                  <span className={styles.rowTitle}>
                    {t('history.privileges.expiresOn', { date: formatDate(e.date, lang) })}
                  </span>
                  {near && (
                    <span>
                      <StatusLabel status={near} />
                    </span>
                  )}
                </span>
                <span className={styles.rowPoints}>
                  {t('history.points', { count: e.points, points: formatNumber(e.points) })}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

export function Skeletons({ label }: { label: string }) {
  return (
    <div className={rowList.list} role="status" aria-busy="true" data-testid="skeleton">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className={`${skeleton.skeleton} ${styles.skeletonRow}`} aria-hidden="true" />
      ))}
    </div>
  );
}
