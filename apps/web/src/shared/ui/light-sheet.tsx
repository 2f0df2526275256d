import { CloseOutlined } from '@ant-design/icons';
import { useId, type ReactNode } from 'react';
import styles from './light-sheet.module.css';
import { ModalLayer } from './modal-layer.tsx';

type LightSheetProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  /** Below the content, apart from it: the sheet's one action. */
  footer?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
};

/**
 * A sheet up from the bottom of the phone, with antd's bottom Drawer's look in plain CSS (Sheet in
 * sheet.tsx is that Drawer): a title row with a close cross that is a full tap target, the content, and
 * a footer for its action. For a sheet that opens from a screen drawn without antd, where antd's
 * runtime (its code and the styles it generates on first use) would be most of the tap's work on a
 * mid-range phone. Modal as antd's is (ModalLayer).
 */
export function LightSheet({ open, ...sheet }: LightSheetProps) {
  return open ? <OpenSheet {...sheet} /> : null;
}

function OpenSheet({
  onClose,
  title,
  closeLabel,
  footer,
  children,
  'data-testid': testId,
}: Omit<LightSheetProps, 'open'>) {
  const titleId = useId();
  return (
    <ModalLayer onClose={onClose} labelledBy={titleId} panelClassName={styles.panel} testId={testId}>
      <div className={styles.header}>
        <button type="button" className={styles.close} aria-label={closeLabel} onClick={onClose}>
          <CloseOutlined aria-hidden />
        </button>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
      </div>
      <div className={styles.body}>{children}</div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </ModalLayer>
  );
}
