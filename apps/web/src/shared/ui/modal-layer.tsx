import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './modal-layer.module.css';

/**
 * What the app's own dialog and sheet share (counter-modal, light-sheet), made modal as antd's are: over
 * the page at antd's modal layer, with antd's dimmed mask (a tap on it closes); the page behind inert
 * (out of reach of taps, keys and screen readers) and still; focus on the panel from the start and back
 * on what opened it after; Escape closing it — one pressed in this panel (or with focus nowhere), not one
 * pressed in a dialog it opened. `className` lays the layer out, `panelClassName` draws the panel; the
 * panel is named by the element whose id is `labelledBy`.
 */
export function ModalLayer({
  onClose,
  labelledBy,
  className,
  panelClassName,
  testId,
  children,
}: {
  onClose: () => void;
  labelledBy: string;
  className?: string;
  panelClassName?: string;
  testId?: string;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  // The latest onClose for the listener set up once.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const page = document.getElementById('root');
    page?.setAttribute('inert', '');
    panel.current?.focus();
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
    <div className={className ? `${styles.layer} ${className}` : styles.layer}>
      <div className={styles.mask} aria-hidden onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        className={panelClassName}
        data-testid={testId}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
