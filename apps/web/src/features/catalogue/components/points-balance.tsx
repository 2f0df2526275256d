import { RightOutlined, StarOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../../shared/format.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { paths } from '../../../shared/paths.ts';
import { getPointsQueryOptions } from '../../../shared/points.ts';
import { useAuthStore } from '../../auth/index.ts';
import styles from './points-balance.module.css';

/**
 * The signed-in member's spendable points (GET /bff/points, the member card's query): null for a
 * visitor or while they load.
 */
export function usePointsBalance(): number | null {
  const isLoggedIn = useAuthStore((s) => s.isLoggedIn);
  const viewer = useAuthStore((s) => s.info?.id ?? 'member');
  const points = useQuery({ ...getPointsQueryOptions(viewer), enabled: isLoggedIn });
  return isLoggedIn ? (points.data?.balance ?? null) : null;
}

/** "You have 1,250 points" beside privileges; nothing for a visitor. `list` adds the way to the points history. */
export function PointsBalance({ balance, list = false }: { balance: number | null; list?: boolean }) {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  if (balance === null) return null;
  return (
    <p className={`${styles.balance} ${list ? styles.balanceList : ''}`} data-testid="points-balance">
      <span>
        <StarOutlined aria-hidden />{' '}
        {t('catalogue.points.balance', { count: balance, points: formatNumber(balance) })}
      </span>
      {list && (
        <Link to={to(paths.privilegesHistory)} className={styles.historyLink}>
          {t('catalogue.points.history')}
          <RightOutlined aria-hidden />
        </Link>
      )}
    </p>
  );
}

/** "You need 389 more points", beside a disabled Use Now. */
export function PointsShort({ id, missing }: { id: string; missing: number }) {
  const { t } = useTranslation();
  return (
    <p id={id} className={styles.short} data-testid="points-short">
      {t('catalogue.points.needMore', { count: missing, points: formatNumber(missing) })}
    </p>
  );
}
