import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from '../notifications.module.css';

/** Asks before marking everything read; with nothing unread it says so and only closes. */
export function ReadAllDialog({
  open,
  unread,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  unread: number;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('notifications.readAllDialog.title')}
      centered
      destroyOnHidden
      width={380}
      onCancel={busy ? undefined : onClose}
      closable={!busy}
      mask={{ closable: !busy }}
      footer={
        unread === 0 ? (
          <Button type="primary" block onClick={onConfirm} data-testid="read-all-ok">
            {t('notifications.readAllDialog.ok')}
          </Button>
        ) : (
          <div className={styles.dialogButtons}>
            <Button onClick={onClose} disabled={busy} data-testid="read-all-cancel">
              {t('notifications.readAllDialog.cancel')}
            </Button>
            <Button type="primary" loading={busy} onClick={onConfirm} data-testid="read-all-confirm">
              {t('notifications.readAllDialog.confirm')}
            </Button>
          </div>
        )
      }
    >
      <p className={styles.dialogText} data-testid="read-all-text">
        {unread === 0
          ? t('notifications.readAllDialog.nothing')
          : t('notifications.readAllDialog.text', { count: unread })}
      </p>
    </Modal>
  );
}
