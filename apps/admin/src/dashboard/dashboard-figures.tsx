import type { Dashboard } from '@app/contracts';
import { Card, Statistic } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../shared/format.ts';
import styles from './dashboard.module.css';

/** The range's totals, and what members hold now (the programme's points liability). */
export function DashboardFigures({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const { totals, liability } = data;
  return (
    <div className={styles.figures}>
      <Card className={styles.liability}>
        <Statistic
          title={t('admin.dashboard.liability')}
          value={formatNumber(liability.points)}
          suffix={t('admin.dashboard.pointsUnit')}
        />
        <div className={styles.liabilityBaht}>
          {t('admin.dashboard.liabilityBaht', {
            baht: formatMoney(liability.baht),
            rate: formatMoney(liability.bahtPerPoint),
          })}
        </div>
      </Card>
      <Card>
        <Statistic title={t('admin.dashboard.sales')} value={formatMoney(totals.sales)} />
        <div className="muted small">
          {t('admin.dashboard.ordersCount', { n: formatNumber(totals.orders) })}
        </div>
      </Card>
      <Card>
        <Statistic title={t('admin.dashboard.redemptions')} value={formatNumber(totals.redemptions)} />
      </Card>
      <Card>
        <Statistic title={t('admin.dashboard.pointsIssued')} value={formatNumber(totals.pointsIssued)} />
        <div className="muted small">
          {/* Each figure stays on one line; the line breaks only between them. */}
          {(
            [
              ['spentN', totals.pointsSpent],
              ['givenBackN', totals.pointsGivenBack],
              ['expiredN', totals.pointsExpired],
            ] as const
          ).map(([key, n], i) => (
            <Fragment key={key}>
              {i > 0 && ' · '}
              <span className={styles.figure}>{t(`admin.dashboard.${key}`, { n: formatNumber(n) })}</span>
            </Fragment>
          ))}
        </div>
      </Card>
    </div>
  );
}
