import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import styles from '../cart.module.css';

/** What Delete was pressed for: the selection, a store's lines, or one line. */
export type DeleteRequest =
  | { kind: 'selected'; ids: string[] }
  | { kind: 'store'; ids: string[]; store: string }
  | { kind: 'item'; ids: [string]; title: string };

/**
 * Asks before removing lines. Delete with nothing selected explains that instead ('You have not
 * selected any items.') and offers only OK.
 */
export function DeleteDialog({
  request,
  deleting,
  onConfirm,
  onClose,
}: {
  request: DeleteRequest | null;
  deleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const nothing = request !== null && request.ids.length === 0;
  const text = !request
    ? ''
    : nothing
      ? t('cart.delete.nothingSelected')
      : request.kind === 'store'
        ? t('cart.delete.confirmStore', { store: request.store })
        : request.kind === 'item'
          ? t('cart.delete.confirmItem', { title: request.title })
          : t('cart.delete.confirmSelected', { count: request.ids.length });
  return (
    <ConfirmDialog
      open={request !== null}
      title={t('cart.delete.title')}
      text={text}
      textClassName={styles.dialogText}
      nothing={nothing}
      busy={deleting}
      danger
      labels={{ cancel: t('cart.delete.cancel'), confirm: t('cart.delete.confirm'), ok: t('cart.delete.ok') }}
      onConfirm={onConfirm}
      onOk={onClose}
      onClose={onClose}
      testId="cart-delete"
    />
  );
}

export default DeleteDialog;
