import { useEffect } from 'react';

const SCROLLERS = '.ant-table-content, .ant-table-body';

/**
 * A table that scrolls sideways (a phone) must be reachable by keyboard to be scrolled: antd's scroll
 * containers get tabindex=0 as they appear, on every screen of the layout.
 */
export function useFocusableScroll() {
  useEffect(() => {
    const mark = (root: ParentNode) =>
      root.querySelectorAll<HTMLElement>(SCROLLERS).forEach((el) => {
        if (!el.hasAttribute('tabindex')) el.tabIndex = 0;
      });
    mark(document);
    const observer = new MutationObserver(() => mark(document));
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
}
