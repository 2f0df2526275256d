import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { KIT_MODULE } from '../shared/ui/lazy-screen.tsx';
import { routesIn, type ScreenHandle } from './routes.tsx';

const routes = [...routesIn.th, ...routesIn.en];

const handles = (list: RouteObject[]): ScreenHandle[] =>
  list.flatMap((route) => [
    ...(route.handle ? [route.handle as ScreenHandle] : []),
    ...handles(route.children ?? []),
  ]);

describe('screens', () => {
  it('each name the module their lazy import loads (the page links that module’s code and styles)', async () => {
    // Both languages' routes share the screens' handles.
    const screens = [...new Set(handles(routes))];
    expect(screens.length).toBeGreaterThan(15);
    expect(new Set(screens.map((h) => h.source)).size).toBe(screens.length);
    for (const handle of screens) {
      if (!handle.source) throw new Error('a screen names no module');
      const own = await handle.screen.load();
      const direct = (await import(/* @vite-ignore */ `../../${handle.source}`)) as typeof own;
      expect(own.default).toBe(direct.default);
    }
    const kit = (await import(/* @vite-ignore */ `../../${KIT_MODULE}`)) as Record<string, unknown>;
    expect(kit.AntdTheme).toBeTypeOf('function');
  });

  it('rendered by the server are four, none with antd’s theme (the server does not render its run-time styles)', () => {
    const rendered = [...new Set(handles(routes))].filter((h) => h.serverRendered);
    expect(rendered.map((h) => h.source)).toHaveLength(4);
    for (const handle of rendered) expect(handle.screen.kit).toBe(false);
  });
});
