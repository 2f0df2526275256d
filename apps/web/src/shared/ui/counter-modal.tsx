import { CloseOutlined } from '@ant-design/icons';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './counter-modal.module.css';
import { ModalLayer } from './modal-layer.tsx';

/**
 * A code shown for the counter to scan: a centred dialog 420 px wide, with no buttons of its own below
 * (what it offers is in its content) and a close cross that is a full tap target.
 *
 * Not antd's Modal: this opens at a shop's counter, and antd's runtime (its code and the styles it
 * generates) was most of that tap's work on a mid-range phone, about 0.6 s of blocked main thread on
 * Lighthouse's phone. It looks and behaves as the app's antd dialogs do (ModalLayer). Not the browser's
 * modal `<dialog>` either: its top layer would hide the toasts and the confirmation (antd's, in the page)
 * that this dialog raises.
 */
export function CounterModal({
  title,
  onClose,
  children,
}: {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <ModalLayer onClose={onClose} labelledBy={titleId} className={styles.wrap} panelClassName={styles.panel}>
      <button type="button" className={styles.close} aria-label={t('common.close')} onClick={onClose}>
        <CloseOutlined aria-hidden />
      </button>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {children}
    </ModalLayer>
  );
}
