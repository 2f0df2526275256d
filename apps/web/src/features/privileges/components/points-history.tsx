import { InfoCircleOutlined } from '@ant-design/icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { daysBefore, isoDateIn } from '../../../shared/calendar.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { EmptyState, ErrorState } from '../../../shared/ui/list-states.tsx';
import { LoadMoreButton } from '../../../shared/ui/load-more-button.tsx';
import { uniqueRows } from '../../../shared/unique-rows.ts';
import { getPointsHistoryQueryOptions } from '../api/get-points-history.ts';
import rowList from '../../../shared/ui/row-list.module.css';
import styles from '../privileges-history.module.css';
import { Skeletons } from './expiring-points.tsx';
import { MovementRow } from './movement-row.tsx';

/** The History tab covers 30 Bangkok days, today included. */
export const HISTORY_DAYS = 30;

/** The History tab: points movements of the last 30 days, newest first, more pages on request. */
export function PointsHistory({ viewer }: { viewer: string }) {
  const { t } = useTranslation();
  const { lang } = useLocalizedPath();
  // Fixed for the screen's life, so the key (and the pages already loaded) stays the same.
  const startDate = useMemo(() => daysBefore(isoDateIn(new Date()), HISTORY_DAYS - 1), []);
  const query = useInfiniteQuery(getPointsHistoryQueryOptions(lang, viewer, startDate));
  const note = (
    <p className={styles.note} data-testid="history-note">
      <InfoCircleOutlined aria-hidden /> {t('history.privileges.note')}
    </p>
  );
  if (query.isPending)
    return (
      <>
        {note}
        <Skeletons label={t('app.loading')} />
      </>
    );
  if (query.isError && !query.data)
    return (
      <>
        {note}
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </>
    );
  const rows = uniqueRows(query.data?.pages, (m) => m.id);
  return (
    <>
      {note}
      {rows.length === 0 ? (
        <EmptyState title={t('history.privileges.emptyTitle')} text={t('history.privileges.emptyText')} />
      ) : (
        <ul
          className={rowList.list}
          aria-label={t('history.privileges.tabs.history')}
          data-testid="movement-list"
        >
          {rows.map((m) => (
            <li key={m.id}>
              <MovementRow movement={m} />
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton query={query} label={t('history.more')} />
    </>
  );
}
