import './texts.ts';
import { CompassOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../shared/i18n/use-localized-path.ts';
import { paths } from '../shared/paths.ts';
import button from '../shared/ui/button.module.css';
import page from '../shared/ui/page.module.css';
import { Phrases } from '../shared/ui/phrases.tsx';
import { useDocumentTitle } from '../shared/ui/use-document-title.ts';
import styles from './not-found.module.css';

/**
 * Any address the app has no screen for, in the address's language, inside the usual header and
 * bottom bar. The way home is a link, so it works before the app's code has arrived.
 */
export function NotFoundScreen() {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className={`page page-not-found ${styles.notFound}`} data-testid="not-found">
      <CompassOutlined aria-hidden className={styles.icon} />
      <h1 className={page.title}>{t('notFound.title')}</h1>
      <p className={page.lead}>
        <Phrases text={t('notFound.text')} />
      </p>
      <Link to={to(paths.home)} className={`${button.button} ${button.primary} ${button.block}`}>
        {t('common.backToHome')}
      </Link>
    </div>
  );
}

export default NotFoundScreen;
