import { act, render } from '@testing-library/preact';
import { useEffect } from 'react';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollMemory } from './scroll-memory.tsx';

let scrollTo: ReturnType<typeof vi.fn>;
/** How far the page can scroll: a screen still arriving is short. */
let maxScroll = Infinity;
beforeEach(() => {
  maxScroll = Infinity;
  scrollTo = vi.fn((_x: number, y: number) => {
    window.scrollY = Math.min(y, maxScroll);
  });
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  window.scrollY = 0;
  sessionStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

/** The member scrolls the page to `y`. */
function scrollPage(y: number) {
  window.scrollY = y;
  window.dispatchEvent(new Event('scroll'));
}

const navigation: { go?: ReturnType<typeof useNavigate> } = {};
const go = (to: string | number) => navigation.go?.(to as string);
function Page({ name }: { name: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigation.go = navigate;
  }, [navigate]);
  return (
    <div>
      {name} <Link to="/b">to b</Link>
    </div>
  );
}

const app = (entries: string[] = ['/a']) => (
  <MemoryRouter initialEntries={entries}>
    <ScrollMemory />
    <Routes>
      <Route path="/a" element={<Page name="a" />} />
      <Route path="/b" element={<Page name="b" />} />
    </Routes>
  </MemoryRouter>
);

describe('ScrollMemory', () => {
  it('leaves a freshly loaded page where the browser has it', () => {
    window.scrollY = 300;
    render(app());
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('starts a new page at the top, and back returns to where the last one was scrolled', async () => {
    render(app());
    scrollPage(640);
    await act(() => go('/b'));
    expect(window.scrollY).toBe(0);
    scrollPage(120);
    await act(() => go(-1));
    expect(window.scrollY).toBe(640);
    await act(() => go(1));
    expect(window.scrollY).toBe(120);
  });

  it('keeps trying while the screen it returns to grows to its height, until the member scrolls', async () => {
    render(app());
    scrollPage(640);
    await act(() => go('/b'));
    maxScroll = 200; // back on a screen whose parts are still arriving
    await act(() => go(-1));
    expect(window.scrollY).toBe(200);
    maxScroll = Infinity; // they are here
    await vi.waitFor(() => expect(window.scrollY).toBe(640));

    await act(() => go(1));
    maxScroll = 100;
    await act(() => go(-1));
    window.dispatchEvent(new Event('wheel')); // the member scrolls on their own
    maxScroll = Infinity;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(window.scrollY).toBe(100);
  });

  it('keeps the positions for the tab when the page is left (a reload returns to them)', async () => {
    render(app());
    scrollPage(500);
    window.dispatchEvent(new Event('pagehide'));
    const saved = JSON.parse(sessionStorage.getItem('scroll-positions') ?? '[]') as [string, number][];
    expect(saved.map(([, y]) => y)).toEqual([500]);
  });

  it('ignores what is in storage when it is not its own', () => {
    sessionStorage.setItem('scroll-positions', '{"broken":');
    expect(() => render(app())).not.toThrow();
  });
});
