import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import type { DisplayedNotification } from '../lib/display-item.ts';
import styles from '../notifications.module.css';
import { NotificationIcon } from './notification-icon.tsx';

/** The whole notification, with a way to what it is about when it refers to something. */
export function DetailModal({
  item,
  onGo,
  onClose,
}: {
  item: DisplayedNotification | null;
  onGo: (link: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const link = item?.link ?? null;
  return (
    <Dialog
      open={item !== null}
      title={
        item && (
          <span className={styles.detailHeading}>
            <NotificationIcon kind={item.kind} />
            <span>{item.title}</span>
          </span>
        )
      }
      destroyOnHidden
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose} data-testid="notification-detail-close">
            {t('notifications.detail.close')}
          </Button>
          {link && (
            <Button type="primary" onClick={() => onGo(link)} data-testid="notification-detail-open">
              {t('notifications.detail.open')}
            </Button>
          )}
        </>
      }
    >
      {item && (
        <div data-testid="notification-detail">
          <p className={styles.detailTime}>{item.timeLabel}</p>
          <p className={styles.detailText}>{item.description}</p>
        </div>
      )}
    </Dialog>
  );
}
