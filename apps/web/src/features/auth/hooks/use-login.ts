import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Login } from "@cohort/common/auth";
import { clearPersonalQueries, login, sessionQueryOptions } from "../../../api/session";

/** Logs in, then loads the new session so that the guard sees it. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Login) => {
      await login(credentials);
      clearPersonalQueries(queryClient);
      return queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
    },
  });
}
