import { QueryClient } from '@tanstack/react-query';
import { isApiError, TIMEOUT_ERROR } from './api-error.ts';

/** The app's query settings; the server makes one client per page it renders. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A refused or invalid request will not get better by asking again; one that ran out of time has
        // already made the member wait, so they get the retry (and the app keeps trying) at once.
        retry: (count, error) =>
          !(
            isApiError(error) &&
            ((error.status >= 400 && error.status < 500) || error.code === TIMEOUT_ERROR)
          ) && count < 2,
      },
      mutations: { retry: false },
    },
  });

export const queryClient = createQueryClient();
