import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isApiError } from "@unified-commerce/client";

/**
 * The app's query cache. `onUnauthorized` runs for any 401 from the API (the session expired or was
 * revoked): the app sends the user to sign-in and back. Client errors are not retried: asking again
 * answers the same.
 */
export function createQueryClient({ onUnauthorized }: { onUnauthorized: () => void }): QueryClient {
  const onError = (error: unknown) => {
    if (isApiError(error) && error.status === 401) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (failureCount, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
    },
  });
}
