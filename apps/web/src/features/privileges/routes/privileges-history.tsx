import '../texts.ts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { BackHeading } from '../../../shared/ui/back-heading.tsx';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { useAuthStore } from '../../auth/index.ts';
import { ExpiringPoints } from '../components/expiring-points.tsx';
import { PointsHistory } from '../components/points-history.tsx';
import styles from '../privileges-history.module.css';

const TABS = ['expiring', 'history'] as const;
type Tab = (typeof TABS)[number];

/** Privileges history: the tabs Expiring Points (points by the day they expire) and History (the last 30 days). */
export function PrivilegesHistoryScreen() {
  const { t } = useTranslation();
  const viewer = useAuthStore((s) => s.info?.id ?? 'member');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'history' ? 'history' : 'expiring';
  // A tab replaces the history entry: Back leaves the screen rather than stepping through the tabs.
  const select = (next: Tab) => setParams(next === 'expiring' ? {} : { tab: next }, { replace: true });
  useDocumentTitle(t('history.privileges.title'));

  return (
    <div className={`page ${styles.page}`}>
      <BackHeading fallback={paths.profile} title={t('history.privileges.title')} />
      <div className={styles.tabs} role="tablist" aria-label={t('history.privileges.tabs.label')}>
        {TABS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls={tab === id ? `panel-${id}` : undefined}
            tabIndex={tab === id ? 0 : -1}
            className={styles.tab}
            onClick={() => select(id)}
            onKeyDown={(e) => {
              // Arrow keys move between the two tabs, as a tab list does.
              if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
              const other = id === 'expiring' ? 'history' : 'expiring';
              select(other);
              document.getElementById(`tab-${other}`)?.focus();
            }}
            data-testid={`tab-${id}`}
          >
            {t(`history.privileges.tabs.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className={styles.panel}>
        {tab === 'expiring' ? <ExpiringPoints viewer={viewer} /> : <PointsHistory viewer={viewer} />}
      </div>
    </div>
  );
}

export default PrivilegesHistoryScreen;
