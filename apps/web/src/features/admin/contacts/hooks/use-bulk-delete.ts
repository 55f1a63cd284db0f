import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RuleGroup } from "@cohort/common/filters";
import { bulkDeleteContacts, contactKeys } from "../../../../api/contacts";
import { segmentKeys } from "../../../../api/segments";
import { tagKeys } from "../../../../api/tags";

/** Deletes every contact the rules match; resolves to how many went and how many were kept. */
export function useBulkDelete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: RuleGroup) => bulkDeleteContacts(rules),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.all }),
        queryClient.invalidateQueries({ queryKey: tagKeys.all }),
        queryClient.invalidateQueries({ queryKey: segmentKeys.all }),
      ]);
    },
  });
}
