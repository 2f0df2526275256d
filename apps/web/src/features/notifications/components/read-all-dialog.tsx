import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../shared/ui/dialog.tsx';
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
    <Dialog
      open={open}
      title={t('notifications.readAllDialog.title')}
      destroyOnHidden
      onClose={onClose}
      busy={busy}
      actions={
        unread === 0 ? (
          <Button type="primary" onClick={onConfirm} data-testid="read-all-ok">
            {t('notifications.readAllDialog.ok')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy} data-testid="read-all-cancel">
              {t('notifications.readAllDialog.cancel')}
            </Button>
            <Button type="primary" loading={busy} onClick={onConfirm} data-testid="read-all-confirm">
              {t('notifications.readAllDialog.confirm')}
            </Button>
          </>
        )
      }
    >
      <p className={styles.dialogText} data-testid="read-all-text">
        {unread === 0
          ? t('notifications.readAllDialog.nothing')
          : t('notifications.readAllDialog.text', { count: unread })}
      </p>
    </Dialog>
  );
}
