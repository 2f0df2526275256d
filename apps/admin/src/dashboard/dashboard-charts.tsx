import type { Dashboard, Tier } from '@app/contracts';
import { Card, Grid } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDate, formatMoney, formatNumber } from '../shared/format.ts';
import { currentLanguage } from '../shared/i18n.ts';
import styles from './dashboard.module.css';

// The member app's navy and gold first, then colours that stay apart for colour-blind readers.
const NAVY = '#14213d';
const GOLD = '#fca311';
const BLUE = '#1f77b4';
const RED = '#c4262e';
const TIER_COLOURS: Record<Tier, string> = {
  member: '#8c8c8c',
  silver: '#5b8ff9',
  gold: GOLD,
  platinum: '#722ed1',
};

/** "26/11" on the axis; the tooltip says the whole day (Buddhist-era year in Thai). */
const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
const compact = (n: number) =>
  Math.abs(n) >= 1_000_000
    ? `${(n / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`
    : Math.abs(n) >= 1000
      ? `${(n / 1000).toFixed(1).replace(/\.0$/, '')}k`
      : String(n);
const AXIS_TICK = { fontSize: 12 };
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

function ChartCard(props: { title: string; wide?: boolean; empty?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card title={props.title} className={props.wide ? styles.wide : undefined} size="small">
      {props.empty ? <div className={styles.empty}>{t('admin.dashboard.nothing')}</div> : props.children}
    </Card>
  );
}

/** A chart as wide as its card, at the dashboard's chart height (`tall`: the long list of vouchers). */
function ChartFrame({ tall, children }: { tall?: boolean; children: ReactElement }) {
  return (
    <div className={tall ? styles.chartTall : styles.chart}>
      <ResponsiveContainer>{children}</ResponsiveContainer>
    </div>
  );
}

/** The dashboard's charts (recharts, loaded with this screen only). */
export default function DashboardCharts({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const narrow = !Grid.useBreakpoint().md;
  const dayLabel = (day: unknown) => formatDate(String(day), lang);
  const nameOf = (v: { en: string | null; th: string | null }) =>
    (lang === 'th' ? (v.th ?? v.en) : (v.en ?? v.th)) ?? '—';
  const days = data.days;
  const anySales = data.days.some((d) => d.sales > 0 || d.redemptions > 0);
  const anyPoints = data.days.some(
    (d) => d.pointsIssued || d.pointsSpent || d.pointsGivenBack || d.pointsExpired,
  );
  const tiers = data.membersByTier.map((m) => ({ ...m, name: t(`admin.tiers.${m.tier}`) }));
  const topVouchers = data.topVouchers.map((v) => ({ ...v, name: nameOf(v.title) }));
  const topStores = data.topStores.map((s) => ({ ...s, name: nameOf(s.name) }));
  // The sales chart's lines on the count axis: the day's redemptions, and its orders dashed.
  const countLines = [
    ['redemptions', t('admin.dashboard.redemptions'), GOLD, undefined],
    ['orders', t('admin.dashboard.orders'), BLUE, '4 3'],
  ] as const;
  // The points chart's bars: the day's points issued, spent, given back and expired.
  const pointBars = [
    ['pointsIssued', t('admin.dashboard.issued'), NAVY],
    ['pointsSpent', t('admin.dashboard.spent'), GOLD],
    ['pointsGivenBack', t('admin.dashboard.givenBack'), BLUE],
    ['pointsExpired', t('admin.dashboard.expired'), RED],
  ] as const;

  return (
    <div className={styles.charts}>
      <ChartCard title={t('admin.dashboard.salesChart')} wide empty={!anySales}>
        <ChartFrame>
          <ComposedChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tickFormatter={shortDay} tick={AXIS_TICK} minTickGap={16} />
            <YAxis
              yAxisId="baht"
              tickFormatter={(v: number) => `฿${compact(v)}`}
              tick={AXIS_TICK}
              width={56}
            />
            <YAxis yAxisId="count" orientation="right" allowDecimals={false} tick={AXIS_TICK} width={40} />
            <Tooltip
              labelFormatter={dayLabel}
              formatter={(value, name) =>
                name === t('admin.dashboard.sales') ? formatMoney(Number(value)) : formatNumber(Number(value))
              }
            />
            <Legend />
            <Bar
              yAxisId="baht"
              dataKey="sales"
              name={t('admin.dashboard.sales')}
              fill={NAVY}
              radius={[3, 3, 0, 0]}
            />
            {countLines.map(([key, name, colour, dash]) => (
              <Line
                key={key}
                yAxisId="count"
                dataKey={key}
                name={name}
                stroke={colour}
                strokeWidth={2}
                strokeDasharray={dash}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </ComposedChart>
        </ChartFrame>
      </ChartCard>

      <ChartCard title={t('admin.dashboard.pointsChart')} wide empty={!anyPoints}>
        <ChartFrame>
          <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tickFormatter={shortDay} tick={AXIS_TICK} minTickGap={16} />
            <YAxis tickFormatter={compact} tick={AXIS_TICK} width={48} allowDecimals={false} />
            <Tooltip labelFormatter={dayLabel} formatter={(value) => formatNumber(Number(value))} />
            <Legend />
            {pointBars.map(([key, name, colour]) => (
              <Bar key={key} dataKey={key} name={name} fill={colour} isAnimationActive={false} />
            ))}
          </BarChart>
        </ChartFrame>
      </ChartCard>

      <ChartCard title={t('admin.dashboard.tiersChart')} empty={!tiers.some((m) => m.members > 0)}>
        <ChartFrame>
          <PieChart>
            <Pie
              data={tiers}
              dataKey="members"
              nameKey="name"
              innerRadius="50%"
              outerRadius="80%"
              paddingAngle={1}
              isAnimationActive={false}
              label={({ value }: { value?: number }) => formatNumber(Number(value ?? 0))}
            >
              {tiers.map((m) => (
                <Cell key={m.tier} fill={TIER_COLOURS[m.tier]} />
              ))}
            </Pie>
            <Tooltip formatter={(value) => formatNumber(Number(value))} />
            <Legend />
          </PieChart>
        </ChartFrame>
      </ChartCard>

      <ChartCard title={t('admin.dashboard.topStores')} empty={!topStores.length}>
        <TopSales data={topStores} labelWidth={narrow ? 110 : 190} clipAt={narrow ? 14 : 22} />
      </ChartCard>

      <ChartCard title={t('admin.dashboard.topVouchers')} wide empty={!topVouchers.length}>
        <TopSales data={topVouchers} labelWidth={narrow ? 110 : 280} clipAt={narrow ? 14 : 34} tall />
      </ChartCard>
    </div>
  );
}

/** Top stores or vouchers: the baht each sold as a bar, its units in the tooltip. */
function TopSales(props: {
  data: Array<{ name: string; sales: number; units: number }>;
  labelWidth: number;
  clipAt: number;
  tall?: boolean;
}) {
  const { t } = useTranslation();
  const tooltip = (value: unknown, _name: unknown, item: { payload?: { units?: number } }) => [
    `${formatMoney(Number(value))} · ${t('admin.dashboard.unitsN', { n: formatNumber(item.payload?.units ?? 0) })}`,
    t('admin.dashboard.sales'),
  ];
  return (
    <ChartFrame tall={props.tall}>
      <BarChart data={props.data} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" tickFormatter={(v: number) => `฿${compact(v)}`} tick={AXIS_TICK} />
        <YAxis
          type="category"
          dataKey="name"
          interval={0}
          width={props.labelWidth}
          tick={AXIS_TICK}
          tickFormatter={(v: string) => clip(v, props.clipAt)}
        />
        <Tooltip formatter={tooltip as never} />
        <Bar
          dataKey="sales"
          name={t('admin.dashboard.sales')}
          fill={NAVY}
          radius={[0, 3, 3, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartFrame>
  );
}
