import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
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
    <ConfirmDialog
      open={open}
      title={t('notifications.readAllDialog.title')}
      text={
        unread === 0
          ? t('notifications.readAllDialog.nothing')
          : t('notifications.readAllDialog.text', { count: unread })
      }
      textClassName={styles.dialogText}
      nothing={unread === 0}
      busy={busy}
      destroyOnHidden
      labels={{
        cancel: t('notifications.readAllDialog.cancel'),
        confirm: t('notifications.readAllDialog.confirm'),
        ok: t('notifications.readAllDialog.ok'),
      }}
      onConfirm={onConfirm}
      onOk={onConfirm}
      onClose={onClose}
      testId="read-all"
    />
  );
}
