import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { routes, type ScreenHandle } from './routes.tsx';

const handles = (list: RouteObject[]): ScreenHandle[] =>
  list.flatMap((route) => [
    ...(route.handle ? [route.handle as ScreenHandle] : []),
    ...handles(route.children ?? []),
  ]);

describe('screens the server renders', () => {
  it('name the module their lazy import loads (the page links that module’s code and styles)', async () => {
    const rendered = handles(routes).filter((h) => h.source);
    expect(new Set(rendered.map((h) => h.source)).size).toBe(4);
    for (const handle of rendered) {
      const viaRoute = await handle.screen.preload();
      const direct = (await import(/* @vite-ignore */ `../../${handle.source}`)) as typeof viaRoute;
      // A screen wrapped in antd's theme (lazyScreen's default) would differ here: the server does not
      // render the kit's run-time styles, so such a screen cannot be one of these.
      expect(viaRoute.default).toBe(direct.default);
    }
  });
});
