import './coming-soon-texts.ts';
import { ClockCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalizedPath } from '../i18n/use-localized-path.ts';
import { paths } from '../paths.ts';
import styles from './coming-soon.module.css';
import page from './page.module.css';
import { useDocumentTitle } from './use-document-title.ts';

/** A real route whose screen comes with a later feature: its title and a clear "coming soon". */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const navigate = useNavigate();
  useDocumentTitle(title);
  return (
    <div className={styles.page}>
      <h1 className={`${page.title} ${styles.title}`}>{title}</h1>
      <section className={styles.card} aria-label={t('comingSoon.title')}>
        <ClockCircleOutlined aria-hidden className={styles.icon} />
        <p className={`${page.sectionTitle} ${styles.cardTitle}`}>{t('comingSoon.title')}</p>
        <p>{t('comingSoon.text')}</p>
        <Button onClick={() => void navigate(to(paths.home))}>{t('common.backToHome')}</Button>
      </section>
    </div>
  );
}
