import { DASHBOARD_MAX_DAYS } from '@app/contracts';
import { Alert, Card, DatePicker, Skeleton, Spin } from 'antd';
import 'dayjs/locale/th';
import dayjs from 'dayjs';
import buddhistEra from 'dayjs/plugin/buddhistEra';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../shared/error-text.ts';
import { BUDDHIST_DATE_FORMAT, DATE_FORMAT } from '../shared/format.ts';
import { currentLanguage } from '../shared/i18n.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { DashboardFigures } from './dashboard-figures.tsx';
import { bangkokToday, presets, toQuery, type Range } from './range.ts';
import { useDashboard } from './use-dashboard.ts';
import styles from './dashboard.module.css';

dayjs.extend(buddhistEra);

// The charting library loads with this screen only: signing in and the other screens never fetch it.
const DashboardCharts = lazy(() => import('./dashboard-charts.tsx'));

/** The programme's figures for a range of Bangkok days: sales, redemptions, points, tiers, top sellers. */
export function DashboardPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [range, setRange] = useState<Range>(() => [bangkokToday().subtract(29, 'day'), bangkokToday()]);
  const dashboard = useDashboard(toQuery(range));
  const data = dashboard.data;

  return (
    <>
      <PageHeader
        title={t('admin.nav.dashboard')}
        extra={
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            inputReadOnly
            format={lang === 'th' ? BUDDHIST_DATE_FORMAT : DATE_FORMAT}
            presets={presets(t)}
            aria-label={t('admin.dashboard.range')}
            disabledDate={(d, info) =>
              d.isAfter(bangkokToday(), 'day') ||
              (!!info.from && Math.abs(d.diff(info.from, 'day')) >= DASHBOARD_MAX_DAYS)
            }
            onChange={(v) => {
              if (v?.[0] && v[1]) setRange([v[0], v[1]]);
            }}
            className={styles.range}
          />
        }
      >
        <span className="muted">{t('admin.dashboard.intro')}</span>
      </PageHeader>
      {dashboard.error && (
        <Alert type="error" showIcon title={errorText(t, dashboard.error)} className="block-gap-bottom" />
      )}
      {!data && dashboard.isLoading && <Skeleton active paragraph={{ rows: 8 }} />}
      {data && (
        <Spin spinning={dashboard.isFetching} delay={300}>
          <DashboardFigures data={data} />
          <Suspense
            fallback={
              <Card className="block-gap">
                <Skeleton active paragraph={{ rows: 10 }} />
              </Card>
            }
          >
            <DashboardCharts data={data} />
          </Suspense>
        </Spin>
      )}
    </>
  );
}
