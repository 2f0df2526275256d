import { useEffect, useRef } from 'react';

/**
 * Calls `onReach` when the returned element comes within `rootMargin` of the viewport — the sentinel
 * below a list. Where IntersectionObserver is missing nothing happens: the Load more button remains.
 */
export function useInfiniteScroll<T extends Element>(
  onReach: () => void,
  { enabled, rootMargin = '600px 0px' }: { enabled: boolean; rootMargin?: string },
) {
  const ref = useRef<T | null>(null);
  const callback = useRef(onReach);
  useEffect(() => {
    callback.current = onReach;
  });
  useEffect(() => {
    const node = ref.current;
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, rootMargin]);
  return ref;
}
