import { CloseOutlined } from '@ant-design/icons';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import styles from './counter-modal.module.css';

/**
 * A code shown for the counter to scan: a centred dialog 420 px wide, with no buttons of its own below
 * (what it offers is in its content) and a close cross that is a full tap target.
 *
 * Not antd's Modal: this opens at a shop's counter, and antd's runtime (its code and the styles it
 * generates) was most of that tap's work on a mid-range phone, about 0.6 s of blocked main thread on
 * Lighthouse's phone. It looks and behaves as the app's antd dialogs do: over the page (the page behind
 * inert and still), focus inside from the start and back on what opened it after, Escape and a tap on the
 * dimmed page close it. Not the browser's modal `<dialog>` either: its top layer would hide the toasts
 * and the confirmation (antd's, in the page) that this dialog raises.
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
  const panel = useRef<HTMLDivElement>(null);
  // The latest onClose for the listeners set up once.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const page = document.getElementById('root');
    page?.setAttribute('inert', '');
    panel.current?.focus();
    // Escape pressed in this dialog (or with focus nowhere): not one pressed in a dialog it opened.
    const onKey = (event: KeyboardEvent) => {
      const inside = event.target instanceof Node && panel.current?.contains(event.target);
      if (event.key === 'Escape' && (inside || event.target === document.body)) close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      page?.removeAttribute('inert');
      opener?.focus();
    };
  }, []);

  return createPortal(
    <div className={styles.wrap}>
      <div
        className={styles.mask}
        aria-hidden
        // A tap on the dimmed page around the panel closes it, as antd's mask does.
        onClick={onClose}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={styles.panel}
      >
        <button type="button" className={styles.close} aria-label={t('common.close')} onClick={onClose}>
          <CloseOutlined aria-hidden />
        </button>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
