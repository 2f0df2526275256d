import { RouterProvider } from 'react-router';
import { useAuthSession } from '../features/auth/index.ts';
import { AppProviders } from './providers.tsx';
import { appRouter } from './router.tsx';

function Session() {
  useAuthSession();
  return null;
}

export function App() {
  return (
    <AppProviders>
      <Session />
      <RouterProvider router={appRouter()} />
    </AppProviders>
  );
}
