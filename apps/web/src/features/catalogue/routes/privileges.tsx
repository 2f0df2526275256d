import '../texts.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import page from '../../../shared/ui/page.module.css';
import { useNow } from '../../../shared/use-now.ts';
import { useAuthStore } from '../../auth/index.ts';
import { getFavoritePrivilegesQueryOptions } from '../api/get-favorite-privileges.ts';
import { useCatalogueScope } from '../api/scope.ts';
import { CatalogueListScreen } from '../components/catalogue-list.tsx';
import { PointsBalance, usePointsBalance } from '../components/points-balance.tsx';
import { privilegeKind } from '../kinds/privilege-kind.tsx';
import styles from '../catalogue.module.css';

// Privileges are a member's to like, so their list (unlike the vouchers') opens with the liked ones.
export function PrivilegesScreen() {
  return (
    <CatalogueListScreen
      kind={privilegeKind}
      lead={(filtered) => (
        <>
          <MemberPoints />
          <LikedPrivileges hidden={filtered} />
        </>
      )}
    />
  );
}

/** What the member has to spend, above the privileges they spend it on. */
function MemberPoints() {
  return <PointsBalance balance={usePointsBalance()} list />;
}

/** The member's liked privileges as a strip; hidden while the list below is filtered (the strip is not). */
function LikedPrivileges({ hidden }: { hidden: boolean }) {
  const { t } = useTranslation();
  const scope = useCatalogueScope();
  const now = useNow();
  const isLoggedIn = useAuthStore((s) => s.isLoggedIn);
  const favorites = useQuery({ ...getFavoritePrivilegesQueryOptions(scope), enabled: isLoggedIn });
  if (hidden || !favorites.data || favorites.data.length === 0) return null;
  return (
    <section className={styles.homeSection} aria-labelledby="liked-title">
      <h2 id="liked-title" className={page.sectionTitle}>
        {t('catalogue.privileges.liked')}
      </h2>
      <ul className={styles.hStrip}>
        {favorites.data.map((p) => (
          <li key={p.id}>{privilegeKind.card(p, now)}</li>
        ))}
      </ul>
    </section>
  );
}

export default PrivilegesScreen;
