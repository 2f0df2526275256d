import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from './i18n.ts';

/** EN / ไทย: the whole back office, and the server's texts (Accept-Language), switch at once. */
export function LanguageSwitch({ dark = false }: { dark?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Segmented
      size="small"
      aria-label={t('admin.language.label')}
      value={i18n.language === 'th' ? 'th' : 'en'}
      onChange={(v) => void changeLanguage(v === 'th' ? 'th' : 'en')}
      options={[
        { value: 'en', label: <span lang="en">EN</span> },
        { value: 'th', label: <span lang="th">ไทย</span> },
      ]}
      style={dark ? { background: 'rgba(255,255,255,0.16)' } : undefined}
      className={dark ? 'lang-switch-dark' : undefined}
    />
  );
}
