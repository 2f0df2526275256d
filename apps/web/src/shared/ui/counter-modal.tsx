import { Modal } from 'antd';
import type { ReactNode } from 'react';
import styles from './dialog.module.css';

/**
 * A code shown for the counter to scan: a centred dialog 420 px wide, with no buttons of its own below
 * (what it offers is in its content) and a close cross that is a full tap target.
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
  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      centered
      width={420}
      title={title}
      className={styles.bigClose}
    >
      {children}
    </Modal>
  );
}
