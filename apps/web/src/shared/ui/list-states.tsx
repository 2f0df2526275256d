import { ExclamationCircleOutlined, InboxOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/error-message.ts';
import button from './button.module.css';
import { Phrases } from './phrases.tsx';
import styles from './list-states.module.css';

/** A list that could not load: what went wrong and a Retry button. */
export function ErrorState({
  error,
  onRetry,
  retrying,
  compact,
}: {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={`${styles.card} ${styles.error}${compact ? ` ${styles.compact}` : ''}`} role="alert">
      <ExclamationCircleOutlined aria-hidden className={styles.icon} />
      <p className={styles.title}>{t('states.errorTitle')}</p>
      <p className={styles.text}>
        <Phrases text={errorMessage(t, error)} />
      </p>
      {/* A plain button styled like antd's: this state is on the home screen, which should not load antd's Button. */}
      <button
        type="button"
        className={button.button}
        onClick={onRetry}
        disabled={retrying}
        aria-busy={retrying}
        data-testid="retry"
      >
        {t('states.retry')}
      </button>
    </div>
  );
}

/** A list with nothing in it, and optionally a way on. Thai lines break between phrases. */
export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <div className={styles.card} data-testid="empty-state">
      <InboxOutlined aria-hidden className={styles.icon} />
      <p className={styles.title}>
        <Phrases text={title} />
      </p>
      {text && (
        <p className={styles.text}>
          <Phrases text={text} />
        </p>
      )}
      {action}
    </div>
  );
}

/** Buttons under an empty state's text, one per row. */
export function StateActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
