import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Setup } from "@cohort/common/setup";
import { contentKeys } from "../../../api/content";
import { sessionQueryOptions } from "../../../api/session";
import { completeSetup, setupKeys } from "../../../api/setup";

/** Creates the first admin; the server logs them in, so the session is loaded afresh. */
export function useCompleteSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Setup) => {
      await completeSetup(input);
      queryClient.setQueryData(setupKeys.status, { required: false });
      // Sample data may have renamed the organisation.
      void queryClient.invalidateQueries({ queryKey: contentKeys.general });
      return queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
    },
  });
}
