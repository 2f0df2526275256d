import '../texts.ts';
import { EditOutlined, GlobalOutlined, HistoryOutlined, LogoutOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { paths } from '../../../shared/paths.ts';
import { lazyScreen, useOnceTrue } from '../../../shared/ui/lazy-screen.tsx';
import page from '../../../shared/ui/page.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { useAuthStore } from '../../auth/index.ts';
import { getProfileQueryOptions } from '../api/get-profile.ts';
import { MemberCard } from '../components/member-card.tsx';
import { MenuLink, MenuRowText } from '../components/menu-row.tsx';
import { useChangeLanguage } from '../hooks/use-change-language.ts';
import styles from '../profile.module.css';

// antd's Modal and Radio are not part of the profile's first paint: the dialogs load when one first
// opens (fetched as the finger lands on its menu item).
/** The menu's rows that open another screen, in order. */
const MENU_LINKS = [
  {
    path: paths.profileEdit,
    testId: 'menu-edit-profile',
    icon: EditOutlined,
    label: 'profile.menu.editProfile',
  },
  {
    path: paths.profileHistory,
    testId: 'menu-history',
    icon: HistoryOutlined,
    label: 'profile.menu.history',
  },
] as const;

const ProfileDialogs = lazyScreen(() => import('../components/profile-dialogs.tsx'));

export function ProfileScreen() {
  const { t } = useTranslation();
  const { lang, to } = useLocalizedPath();
  const info = useAuthStore((s) => s.info);
  const setInfo = useAuthStore((s) => s.setInfo);
  const logout = useAuthStore((s) => s.logout);
  const changeLanguage = useChangeLanguage();
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const [pickingLanguage, setPickingLanguage] = useState(false);
  const dialogsOpened = useOnceTrue(confirmingLogout || pickingLanguage);
  useDocumentTitle(t('profile.title'));

  // The session gives the info already; reading the profile here keeps it fresh on this screen.
  const profile = useQuery(getProfileQueryOptions());
  useEffect(() => {
    if (profile.data) setInfo(profile.data);
  }, [profile.data, setInfo]);

  if (!info) return null;

  return (
    <div className={styles.page}>
      <h1 className={`${page.title} ${styles.title}`}>{t('profile.title')}</h1>
      <MemberCard info={info} />

      <nav aria-label={t('profile.menu.label')}>
        <ul className={styles.menuList}>
          {MENU_LINKS.map(({ path, testId, icon, label }) => (
            <li key={testId}>
              <MenuLink to={to(path)} testId={testId} icon={icon} label={t(label)} />
            </li>
          ))}
          <li>
            <button
              type="button"
              className={styles.menuItem}
              data-testid="menu-language"
              aria-haspopup="dialog"
              onPointerDown={ProfileDialogs.prefetch}
              onClick={() => setPickingLanguage(true)}
            >
              <MenuRowText
                icon={GlobalOutlined}
                label={t('profile.menu.language')}
                value={
                  <span className={styles.menuValue} lang={lang}>
                    {t(`language.names.${lang}`)}
                  </span>
                }
              />
            </button>
          </li>
          <li>
            <button
              type="button"
              className={`${styles.menuItem} ${styles.menuItemDanger}`}
              data-testid="menu-logout"
              aria-haspopup="dialog"
              onPointerDown={ProfileDialogs.prefetch}
              onClick={() => setConfirmingLogout(true)}
            >
              <MenuRowText icon={LogoutOutlined} label={t('profile.menu.logout')} leadsOn={false} />
            </button>
          </li>
        </ul>
      </nav>

      {dialogsOpened && (
        <Suspense fallback={null}>
          <ProfileDialogs
            lang={lang}
            confirmingLogout={confirmingLogout}
            pickingLanguage={pickingLanguage}
            onCloseLogout={() => setConfirmingLogout(false)}
            onLogout={() => {
              setConfirmingLogout(false);
              logout();
            }}
            onCloseLanguage={() => setPickingLanguage(false)}
            onPickLanguage={(l) => {
              setPickingLanguage(false);
              changeLanguage(l);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

export default ProfileScreen;
