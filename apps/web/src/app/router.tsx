import { createBrowserRouter } from 'react-router';
import { setNavigator } from '../shared/navigation.ts';
import { routes } from './routes.tsx';

export const router = createBrowserRouter(routes);

setNavigator((to, options) => router.navigate(to, options));
