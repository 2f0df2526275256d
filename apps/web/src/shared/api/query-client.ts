import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error.ts';

/** The app's query settings; the server makes one client per page it renders. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A refused or invalid request will not get better by asking again.
        retry: (count, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });

export const queryClient = createQueryClient();
