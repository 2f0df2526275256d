import { ClockCircleOutlined, DisconnectOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import button from '../../shared/ui/button.module.css';
import { Phrases } from '../../shared/ui/phrases.tsx';
import type { ConnectionProblem } from './screen-queries.ts';
import styles from './connection-notice.module.css';

/**
 * In place of a screen that cannot get what it needs: offline, or an answer that is taking too long.
 * It says the page will come by itself (the caller retries on the 'online' event and on a timer) and
 * offers to try now.
 */
export function ConnectionNotice({
  problem,
  onRetry,
  retrying = false,
}: {
  problem: ConnectionProblem;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation();
  const Icon = problem === 'offline' ? DisconnectOutlined : ClockCircleOutlined;
  return (
    <div className={styles.notice} role="alert" data-testid="connection-notice" data-problem={problem}>
      <Icon aria-hidden className={styles.icon} />
      <h1 className={styles.title}>{t(`app.connection.${problem}Title`)}</h1>
      <p className={styles.text}>
        <Phrases text={t(`app.connection.${problem}Text`)} />
      </p>
      <button
        type="button"
        className={button.button}
        onClick={onRetry}
        aria-busy={retrying}
        data-testid="connection-retry"
      >
        {retrying ? t('app.connection.retrying') : t('app.connection.retry')}
      </button>
    </div>
  );
}
