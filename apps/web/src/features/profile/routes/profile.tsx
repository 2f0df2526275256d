import {
  EditOutlined,
  GlobalOutlined,
  HistoryOutlined,
  LogoutOutlined,
  RightOutlined,
} from '@ant-design/icons';
import type { Language } from '@app/contracts';
import { Button, Modal, Radio } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LANGUAGES } from '../../../shared/i18n/language-preference.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { paths } from '../../../shared/paths.ts';
import page from '../../../shared/ui/page.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { useAuthStore } from '../../auth/index.ts';
import { getProfileQueryOptions } from '../api/get-profile.ts';
import { MemberCard } from '../components/member-card.tsx';
import { useChangeLanguage } from '../hooks/use-change-language.ts';
import styles from '../profile.module.css';

export function ProfileScreen() {
  const { t } = useTranslation();
  const { lang, to } = useLocalizedPath();
  const info = useAuthStore((s) => s.info);
  const setInfo = useAuthStore((s) => s.setInfo);
  const logout = useAuthStore((s) => s.logout);
  const changeLanguage = useChangeLanguage();
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const [pickingLanguage, setPickingLanguage] = useState(false);
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
          <li>
            <Link to={to(paths.profileEdit)} className={styles.menuItem} data-testid="menu-edit-profile">
              <EditOutlined aria-hidden className={styles.menuIcon} />
              <span className={styles.menuLabel}>{t('profile.menu.editProfile')}</span>
              <RightOutlined aria-hidden className={styles.menuChevron} />
            </Link>
          </li>
          <li>
            <Link to={to(paths.profileHistory)} className={styles.menuItem} data-testid="menu-history">
              <HistoryOutlined aria-hidden className={styles.menuIcon} />
              <span className={styles.menuLabel}>{t('profile.menu.history')}</span>
              <RightOutlined aria-hidden className={styles.menuChevron} />
            </Link>
          </li>
          <li>
            <button
              type="button"
              className={styles.menuItem}
              data-testid="menu-language"
              aria-haspopup="dialog"
              onClick={() => setPickingLanguage(true)}
            >
              <GlobalOutlined aria-hidden className={styles.menuIcon} />
              <span className={styles.menuLabel}>{t('profile.menu.language')}</span>
              <span className={styles.menuValue} lang={lang}>
                {t(`language.names.${lang}`)}
              </span>
              <RightOutlined aria-hidden className={styles.menuChevron} />
            </button>
          </li>
          <li>
            <button
              type="button"
              className={`${styles.menuItem} ${styles.menuItemDanger}`}
              data-testid="menu-logout"
              aria-haspopup="dialog"
              onClick={() => setConfirmingLogout(true)}
            >
              <LogoutOutlined aria-hidden className={styles.menuIcon} />
              <span className={styles.menuLabel}>{t('profile.menu.logout')}</span>
            </button>
          </li>
        </ul>
      </nav>

      <Modal
        open={confirmingLogout}
        title={t('profile.logout.title')}
        centered
        width={360}
        onCancel={() => setConfirmingLogout(false)}
        footer={[
          <Button key="cancel" onClick={() => setConfirmingLogout(false)} data-testid="logout-cancel">
            {t('profile.logout.cancel')}
          </Button>,
          <Button
            key="confirm"
            type="primary"
            danger
            data-testid="logout-confirm"
            onClick={() => {
              setConfirmingLogout(false);
              logout();
            }}
          >
            {t('profile.logout.confirm')}
          </Button>,
        ]}
      >
        <p>{t('profile.logout.body')}</p>
      </Modal>

      <Modal
        open={pickingLanguage}
        title={t('profile.languagePicker.title')}
        centered
        width={360}
        footer={null}
        onCancel={() => setPickingLanguage(false)}
      >
        <Radio.Group
          className={styles.languageOptions}
          value={lang}
          aria-label={t('profile.languagePicker.title')}
          onChange={(e) => {
            setPickingLanguage(false);
            changeLanguage(e.target.value as Language);
          }}
          options={LANGUAGES.map((l) => ({
            value: l,
            label: <span lang={l}>{t(`language.names.${l}`)}</span>,
            'data-testid': `language-option-${l}`,
          }))}
        />
      </Modal>
    </div>
  );
}

export default ProfileScreen;
