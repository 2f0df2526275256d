import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Later } from '../../../shared/ui/later.tsx';
import { ErrorState } from '../../../shared/ui/list-states.tsx';
import page from '../../../shared/ui/page.module.css';
import { CardSkeletons } from './skeletons.tsx';
import styles from '../catalogue.module.css';

/** A titled horizontal strip of cards (Recommended, You may also like) with its loading and error states. */
export function ItemStrip<T extends { id: string }>({
  id,
  title,
  query,
  render,
  action,
  hideWhenEmpty = true,
  empty,
}: {
  id: string;
  title: string;
  query: UseQueryResult<T[]>;
  render: (item: T, index: number) => ReactNode;
  action?: ReactNode;
  hideWhenEmpty?: boolean;
  empty?: ReactNode;
}) {
  const { t } = useTranslation();
  const strip = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const el = strip.current;
    el?.scrollBy({ left: direction * el.clientWidth * 0.8, behavior: 'smooth' });
  };
  if (query.data && query.data.length === 0 && hideWhenEmpty) return null;
  return (
    <section className={styles.homeSection} aria-labelledby={id} data-testid={id}>
      <div className={styles.sectionHeading}>
        <h2 id={id} className={`${page.sectionTitle} ${styles.stripTitle}`}>
          {title}
        </h2>
        <span className={styles.stripControls}>
          {action}
          {/* Touch screens swipe; a mouse gets arrows (hidden where there is no fine pointer). */}
          {query.data && query.data.length > 2 && (
            <>
              <button
                type="button"
                className={`${styles.iconButton} ${styles.stripArrow}`}
                aria-label={t('catalogue.strip.previous')}
                onClick={() => scroll(-1)}
              >
                <LeftOutlined aria-hidden />
              </button>
              <button
                type="button"
                className={`${styles.iconButton} ${styles.stripArrow}`}
                aria-label={t('catalogue.strip.next')}
                onClick={() => scroll(1)}
              >
                <RightOutlined aria-hidden />
              </button>
            </>
          )}
        </span>
      </div>
      {query.isPending ? (
        <CardSkeletons count={3} layout="strip" />
      ) : query.isError ? (
        <ErrorState
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          compact
        />
      ) : query.data.length === 0 ? (
        empty
      ) : (
        <ul className={styles.hStrip} aria-labelledby={id} ref={strip}>
          {query.data.map((item, index) => (
            <Later key={item.id}>
              <li>{render(item, index)}</li>
            </Later>
          ))}
        </ul>
      )}
    </section>
  );
}
