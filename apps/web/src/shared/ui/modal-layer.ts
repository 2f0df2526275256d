import { useEffect, useRef, type RefObject } from 'react';

/**
 * What makes the app's own dialogs and sheets modal, as antd's are: the page behind them inert (out of
 * reach of taps, keys and screen readers), focus on the panel from the start and back on what opened
 * it after, and Escape closing it — one pressed in this panel (or with focus nowhere), not one pressed
 * in a dialog it opened. Set up while the component that calls it is mounted.
 */
export function useModalLayer(panel: RefObject<HTMLElement | null>, onClose: () => void) {
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
  }, [panel]);
}
