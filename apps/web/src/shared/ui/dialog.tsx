import { Modal } from 'antd';
import type { ReactNode } from 'react';
import styles from './dialog.module.css';

/**
 * A small dialog in the middle of the screen: a title, what it says, and its buttons side by side
 * below, sharing the width. Closing it (the cross, Escape or a tap outside) calls onClose, except while
 * busy: then what it started is still under way and it stays open until that ends.
 */
export function Dialog({
  open,
  title,
  onClose,
  actions,
  children,
  destroyOnHidden,
  busy = false,
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** The buttons, in reading order; the main one last. */
  actions: ReactNode;
  children: ReactNode;
  /** Unmount what it says once closed (when it shows one of several things). */
  destroyOnHidden?: boolean;
  busy?: boolean;
}) {
  return (
    <Modal
      open={open}
      title={title}
      centered
      destroyOnHidden={destroyOnHidden}
      width={380}
      onCancel={busy ? undefined : onClose}
      closable={!busy}
      mask={busy ? { closable: false } : undefined}
      footer={<div className={styles.actions}>{actions}</div>}
    >
      {children}
    </Modal>
  );
}
