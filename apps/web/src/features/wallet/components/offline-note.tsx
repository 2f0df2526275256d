import { DisconnectOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { formatSavedAt } from '../lib/saved-at.ts';
import styles from '../wallet.module.css';

/**
 * "Offline — last updated 14:05": what the screen shows is the copy this device kept, as it was then.
 * Gone as soon as the server answers again.
 */
export function OfflineNote({ savedAt }: { savedAt: number | undefined }) {
  const { t } = useTranslation();
  const { lang } = useLocalizedPath();
  if (savedAt === undefined) return null;
  return (
    <p className={styles.offlineNote} role="status" data-testid="offline-note">
      <DisconnectOutlined aria-hidden className={styles.offlineNoteIcon} />
      <span>{t('wallet.offline.note', { time: formatSavedAt(savedAt, lang) })}</span>
    </p>
  );
}
