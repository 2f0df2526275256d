import '../texts.ts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isoDateIn, monthOfInstant } from '../../../shared/calendar.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { paths } from '../../../shared/paths.ts';
import { uniqueRows } from '../../../shared/unique-rows.ts';
import { BackHeading } from '../../../shared/ui/back-heading.tsx';
import { EmptyState, ErrorState } from '../../../shared/ui/list-states.tsx';
import { Later } from '../../../shared/ui/later.tsx';
import { LoadMoreButton } from '../../../shared/ui/load-more-button.tsx';
import skeleton from '../../../shared/ui/skeleton.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { useAuthStore } from '../../auth/index.ts';
import { getHistoryQueryOptions } from '../api/get-history.ts';
import { HistoryFilters } from '../components/history-filters.tsx';
import { HistoryRow } from '../components/history-row.tsx';
import rowList from '../../../shared/ui/row-list.module.css';
import styles from '../history.module.css';
import {
  historyFilterFromSearch,
  historyFilterToSearch,
  monthOf,
  periodDays,
  type HistoryFilter,
} from '../lib/period.ts';
import type { HistoryEntry } from '@app/contracts';
import { useMonthTitle } from '../lib/use-month-title.ts';

/** Transaction History: the member's purchases, uses and points, grouped by month. */
export function HistoryScreen() {
  const { t } = useTranslation();
  const { lang } = useLocalizedPath();
  const monthTitle = useMonthTitle();
  const viewer = useAuthStore((s) => s.info?.id ?? 'member');
  // Today in Bangkok, fixed for the screen's life so the query's key stays the same.
  const today = useMemo(() => isoDateIn(new Date()), []);
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => historyFilterFromSearch(params, today), [params, today]);
  // A filter replaces the history entry: Back leaves the screen, not every chip tapped.
  const setFilter = (next: HistoryFilter) => setParams(historyFilterToSearch(next), { replace: true });
  const input = useMemo(() => ({ type: filter.type, ...periodDays(filter.period, today) }), [filter, today]);
  const query = useInfiniteQuery(getHistoryQueryOptions(lang, viewer, input));
  useDocumentTitle(t('history.title'));

  const rows = uniqueRows(query.data?.pages, (e) => `${e.kind}:${e.id}`);
  const thisMonth = monthOf(today);

  return (
    <div className={`page ${styles.page}`}>
      <BackHeading fallback={paths.profile} title={t('history.title')} />
      <HistoryFilters filter={filter} today={today} onChange={setFilter} />
      {query.isPending ? (
        <div className={rowList.list} role="status" aria-busy="true" data-testid="skeleton">
          <span className="visually-hidden">{t('app.loading')}</span>
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className={`${skeleton.skeleton} ${styles.skeletonRow}`} aria-hidden="true" />
          ))}
        </div>
      ) : query.isError && !query.data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('history.empty.title')} text={t('history.empty.text')} />
      ) : (
        <>
          {byMonth(rows).map(([month, entries], index, months) => (
            <section key={month} className={styles.month} aria-labelledby={`month-${month}`}>
              <h2 id={`month-${month}`} className={styles.monthTitle}>
                {month === thisMonth ? t('history.thisMonth') : monthTitle(month)}
              </h2>
              <ul className={rowList.list} data-testid="history-list">
                {entries.map((e) => {
                  const key = `${e.kind}:${e.id}`;
                  const row = (
                    <li key={key}>
                      <HistoryRow entry={e} />
                    </li>
                  );
                  // The last month's rows are drawn one per task on the first screen, as the inbox's and
                  // the wallet's are: nothing above them moves as they come (shared/ui/later.tsx).
                  return index === months.length - 1 ? (
                    <Later tail key={key}>
                      {row}
                    </Later>
                  ) : (
                    row
                  );
                })}
              </ul>
            </section>
          ))}
          <LoadMoreButton query={query} label={t('history.more')} />
        </>
      )}
    </div>
  );
}

/** Rows grouped under their Bangkok month, in the order they came (newest first). */
function byMonth(rows: HistoryEntry[]): [string, HistoryEntry[]][] {
  const groups = new Map<string, HistoryEntry[]>();
  for (const row of rows) {
    const month = monthOfInstant(row.createdAt);
    const group = groups.get(month);
    if (group) group.push(row);
    else groups.set(month, [row]);
  }
  return [...groups];
}

export default HistoryScreen;
