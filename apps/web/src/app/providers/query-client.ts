import { QueryClient } from "@tanstack/react-query";
import { isClientError } from "../../api/client-error";

const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A refusal will not change on a second try; a flaky network might.
        retry: (failureCount, error) => failureCount < MAX_RETRIES && !(isClientError(error) && error.httpCode < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}
