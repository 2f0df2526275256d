import { useTranslation } from 'react-i18next';
import { useChangeLanguage } from '../../features/profile/index.ts';
import { LANGUAGES } from '../../shared/i18n/language-preference.ts';
import { useLocalizedPath } from '../../shared/i18n/use-localized-path.ts';
import styles from './layout.module.css';

/** EN/TH in the header: each language named in its own script; the page stays where it is. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { lang } = useLocalizedPath();
  const changeLanguage = useChangeLanguage();
  return (
    <div className={styles.langSwitch} role="group" aria-label={t('language.switchLabel')}>
      {LANGUAGES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          data-testid={`lang-${l}`}
          aria-pressed={l === lang}
          onClick={() => changeLanguage(l)}
        >
          {t(`language.names.${l}`)}
        </button>
      ))}
    </div>
  );
}
