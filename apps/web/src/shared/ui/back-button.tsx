import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLocalizedPath } from '../i18n/use-localized-path.ts';
import styles from './back-button.module.css';

/**
 * Back to where the member came from (the list keeps its filter and scroll), or to `fallback` when
 * this page was opened directly from a shared link.
 */
export function BackButton({ fallback }: { fallback: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { to } = useLocalizedPath();
  return (
    <button
      type="button"
      className={styles.back}
      aria-label={t('common.back')}
      data-testid="back"
      onClick={() => {
        const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (idx > 0) void navigate(-1);
        else void navigate(to(fallback));
      }}
    >
      <ArrowLeftOutlined aria-hidden />
    </button>
  );
}

/** The same arrow as a link to a fixed page (`to` is already localized). */
export function BackLink({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className={styles.back} aria-label={t('common.back')}>
      <ArrowLeftOutlined aria-hidden />
    </Link>
  );
}
