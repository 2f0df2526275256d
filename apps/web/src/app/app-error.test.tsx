import type { Language } from '@app/contracts';
import { render, screen } from '@testing-library/preact';
import { isValidElement, type ReactNode } from 'react';
import { BrowserRouter, Link, Navigate, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './app-error.tsx';
import { routesIn } from './routes.tsx';

const routes = [...routesIn.th, ...routesIn.en];

function Boom(): never {
  throw new Error('render failed');
}

const renderAt = (url: string, lang: Language, path: string, element: ReactNode) => {
  window.history.replaceState(null, '', url);
  const prefix = lang === 'th' ? '/th' : '';
  return render(
    <BrowserRouter>
      <AppErrorBoundary lang={lang}>
        <Routes>
          <Route path={`${prefix}/${path}`} element={element} />
          <Route path="*" element={<Link to={`${prefix}/boom`}>boom</Link>} />
        </Routes>
      </AppErrorBoundary>
    </BrowserRouter>,
  );
};

describe('the app error screen', () => {
  it('is around every locale root', () => {
    expect(routes.length).toBeGreaterThan(0);
    for (const root of routes) {
      expect(isValidElement(root.element) && root.element.type, root.path).toBe(AppErrorBoundary);
    }
  });

  it('replaces the router’s default page when a screen throws while rendering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/boom', 'en', 'boom', <Boom />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/home');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(document.title).toBe('Something went wrong · Privileges');
  });

  it('speaks Thai under /th and leads to the Thai home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/th/boom', 'th', 'boom', <Boom />);
    expect(await screen.findByRole('heading', { name: 'ขออภัย เกิดข้อผิดพลาด' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'กลับหน้าแรก' }).getAttribute('href')).toBe('/th/home');
    expect(document.documentElement.lang).toBe('th');
  });

  it('catches a navigation the browser refuses (another origin)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/go', 'en', 'go', <Navigate to="//evil.example/wallet" replace />);
    expect(await screen.findByTestId('app-error')).toBeTruthy();
  });

  it('draws the app again at another address (back from the broken screen)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/start', 'en', 'boom', <Boom />);
    screen.getByRole('link', { name: 'boom' }).click();
    expect(await screen.findByTestId('app-error')).toBeTruthy();
    window.history.back();
    expect(await screen.findByRole('link', { name: 'boom' })).toBeTruthy();
    expect(screen.queryByTestId('app-error')).toBeNull();
  });
});
