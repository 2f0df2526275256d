import { ExclamationCircleOutlined, InboxOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/error-message.ts';

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
    <div className={`state-card state-error${compact ? ' state-compact' : ''}`} role="alert">
      <ExclamationCircleOutlined aria-hidden className="state-icon" />
      <p className="state-title">{t('states.errorTitle')}</p>
      <p className="state-text">{errorMessage(t, error)}</p>
      {/* A plain button styled like antd's: this state is on the home screen, which should not load antd's Button. */}
      <button
        type="button"
        className="btn"
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

/** A list with nothing in it, and optionally a way on. */
export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="state-card state-empty" data-testid="empty-state">
      <InboxOutlined aria-hidden className="state-icon" />
      <p className="state-title">{title}</p>
      {text && <p className="state-text">{text}</p>}
      {action}
    </div>
  );
}
