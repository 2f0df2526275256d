import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each entry of the tab's history was scrolled to, by its location key (kept through a reload). */
const STORAGE_KEY = 'scroll-positions';
/** At most this many entries are kept: a long session must not fill the tab's storage. */
const MAX_ENTRIES = 100;

function readSaved(): Map<string, number> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return new Map(Array.isArray(saved) ? (saved as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

function keep(positions: Map<string, number>): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-MAX_ENTRIES)));
  } catch {
    // Storage full or refused (private mode): back still works within this page's life.
  }
}

/** The element a #fragment names, if any (a malformed one names none). */
function fragment(hash: string): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/** How long a return to a position keeps trying while the screen grows to its height (data, pictures). */
const RESTORE_FOR_MS = 1_500;

/**
 * Scrolls to `y`, and again on the next frames while the page is still too short to get there (the
 * screen's parts arrive after its first frame), until the member scrolls or touches it themselves.
 */
function scrollBackTo(y: number): void {
  window.scrollTo(0, y);
  if (typeof requestAnimationFrame !== 'function' || Math.abs(window.scrollY - y) < 1) return;
  const until = performance.now() + RESTORE_FOR_MS;
  let stopped = false;
  const stop = () => {
    stopped = true;
  };
  const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  for (const type of events) window.addEventListener(type, stop, { once: true, passive: true });
  const again = () => {
    if (!stopped && Math.abs(window.scrollY - y) >= 1 && performance.now() < until) {
      window.scrollTo(0, y);
      requestAnimationFrame(again);
      return;
    }
    for (const type of events) window.removeEventListener(type, stop);
  };
  requestAnimationFrame(again);
}

/**
 * Back and forward return to where the page was scrolled, also after a reload; a new page starts at
 * the top, or at its #fragment. The browser's own restoration is off: it would scroll before the
 * screen is drawn. A page loaded afresh keeps the browser's position (a visitor may have scrolled the
 * server's page before the app took it over).
 */
export function ScrollMemory() {
  const { key, hash } = useLocation();
  const action = useNavigationType();
  const positions = useRef<Map<string, number>>(undefined);
  // The entry that scroll events belong to: set before this render's own scroll, so neither that
  // scroll nor a shorter new screen's clamping is recorded as the previous entry's position.
  const current = useRef(key);
  const first = useRef(true);

  useEffect(() => {
    const saved = (positions.current ??= readSaved());
    window.history.scrollRestoration = 'manual';
    const record = () => {
      saved.delete(current.current);
      saved.set(current.current, window.scrollY);
    };
    const leave = () => keep(saved);
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', leave);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    current.current = key;
    const saved = action === 'POP' ? (positions.current ??= readSaved()).get(key) : undefined;
    const fresh = first.current;
    first.current = false;
    if (saved !== undefined) scrollBackTo(saved);
    else if (hash) fragment(hash)?.scrollIntoView();
    else if (!fresh) window.scrollTo(0, 0);
  }, [key, hash, action]);

  return null;
}
