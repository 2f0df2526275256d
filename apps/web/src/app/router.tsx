import { createBrowserRouter } from 'react-router';
import { setNavigator } from '../shared/navigation.ts';
import { routes } from './routes.tsx';

type Router = ReturnType<typeof createBrowserRouter>;
let router: Router | undefined;

/**
 * The app's router, made on first use (the first render) rather than when the module loads: making it
 * matches the address against every route, work that need not hold up the start-up task.
 */
export function appRouter(): Router {
  if (!router) {
    const made = createBrowserRouter(routes);
    setNavigator((to, options) => made.navigate(to, options));
    router = made;
  }
  return router;
}
