import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../shared/i18n/use-localized-path.ts';
import { paths } from '../../shared/paths.ts';
import { BrandMark } from './brand-mark.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import styles from './layout.module.css';

export function AppHeader() {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  return (
    <header className={styles.header}>
      <Link to={to(paths.home)} className={styles.brand}>
        <BrandMark />
        <span>{t('app.name')}</span>
      </Link>
      <LanguageSwitch />
    </header>
  );
}
