import { RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DisplayedNotification } from '../lib/display-item.ts';
import styles from '../notifications.module.css';
import { NotificationIcon } from './notification-icon.tsx';

/** One row of the list; the whole row opens the detail. */
export function NotificationItem({
  item,
  onIntent,
  onOpen,
}: {
  item: DisplayedNotification;
  /** As the finger lands: what opening needs can start downloading. */
  onIntent?: () => void;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <li>
      <button
        type="button"
        className={item.unread ? `${styles.item} ${styles.unread}` : styles.item}
        onPointerDown={onIntent}
        onClick={() => onOpen(item.id)}
        data-testid="notification-item"
        data-unread={item.unread}
      >
        <NotificationIcon kind={item.kind} />
        <span className={styles.itemBody}>
          <span className={styles.itemTitle}>
            {item.unread && (
              <>
                <span className={styles.dot} aria-hidden="true" />
                <span className="visually-hidden">{t('notifications.unread')}: </span>
              </>
            )}
            {item.title}
          </span>
          <span className={styles.itemText}>{item.description}</span>
          <span className={styles.itemMeta}>
            <span data-testid="notification-time">{item.timeLabel}</span>
            <span className={styles.itemAction}>
              {item.actionLabel}
              <RightOutlined aria-hidden />
            </span>
          </span>
        </span>
      </button>
    </li>
  );
}
