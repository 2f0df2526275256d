import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../shared/i18n/use-localized-path.ts';
import { paths } from '../../shared/paths.ts';
import { BrandMark } from './brand-mark.tsx';
import { LanguageSwitch } from './language-switch.tsx';

export function AppHeader() {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  return (
    <header className="app-header">
      <Link to={to(paths.home)} className="brand">
        <BrandMark />
        <span>{t('app.name')}</span>
      </Link>
      <LanguageSwitch />
    </header>
  );
}
