import { useEffect, useRef, useState } from 'react';

/**
 * A horizontal scroll-snap list (banners, a detail page's pictures): which item is in view, for the
 * dots, and a smooth jump to an item. `items` re-observes when the list changes.
 */
export function useSnapStrip(items: readonly unknown[]) {
  const track = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);

  useEffect(() => {
    const root = track.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (e.isIntersecting) setActive(Number((e.target as HTMLElement).dataset.index));
        }
      },
      { root, threshold: 0.6 },
    );
    root.querySelectorAll('li').forEach((li) => observer.observe(li));
    return () => observer.disconnect();
  }, [items]);

  const jump = (index: number) => {
    const li = track.current?.children[index] as HTMLElement | undefined;
    track.current?.scrollTo({ left: li?.offsetLeft ?? 0, behavior: 'smooth' });
  };

  return { track, active, jump };
}
