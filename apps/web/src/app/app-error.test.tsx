import type { Language } from '@app/contracts';
import { render, screen } from '@testing-library/preact';
import { createMemoryRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppErrorScreen } from './app-error.tsx';
import { routes } from './routes.tsx';

function Boom(): never {
  throw new Error('render failed');
}

const renderAt = (url: string, lang: Language, children: RouteObject[]) => {
  const prefix = lang === 'th' ? '/th' : '/';
  const router = createMemoryRouter(
    [{ path: prefix, errorElement: <AppErrorScreen lang={lang} />, children }],
    { initialEntries: [url] },
  );
  return render(<RouterProvider router={router} />);
};

describe('the app error screen', () => {
  it('is every locale root’s error element', () => {
    expect(routes.length).toBeGreaterThan(0);
    for (const root of routes) expect(root.errorElement, root.path).toBeTruthy();
  });

  it('replaces the router’s default page when a screen throws while rendering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/boom', 'en', [{ path: 'boom', element: <Boom /> }]);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/home');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(document.title).toBe('Something went wrong · Privileges');
  });

  it('speaks Thai under /th and leads to the Thai home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/th/boom', 'th', [{ path: 'boom', element: <Boom /> }]);
    expect(await screen.findByRole('heading', { name: 'ขออภัย เกิดข้อผิดพลาด' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'กลับหน้าแรก' }).getAttribute('href')).toBe('/th/home');
    expect(document.documentElement.lang).toBe('th');
  });

  it('catches a navigation the router refuses (another origin)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/go', 'en', [{ path: 'go', element: <Navigate to="//evil.example/wallet" replace /> }]);
    expect(await screen.findByTestId('app-error')).toBeTruthy();
  });
});
