import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RuleGroup } from "@cohort/common/filters";
import { bulkUpdateContacts, contactKeys } from "../../../../api/contacts";
import { segmentKeys } from "../../../../api/segments";
import { tagKeys } from "../../../../api/tags";

export type TagAction = "add" | "remove";

/** Adds a tag to, or removes it from, every contact the rules match; resolves to how many matched. */
export function useBulkTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rules, tagId, action }: { rules: RuleGroup; tagId: string; action: TagAction }) =>
      bulkUpdateContacts({ rules, updates: { tags: [`${action === "add" ? "+" : "-"}${tagId}`] } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.all }),
        queryClient.invalidateQueries({ queryKey: tagKeys.all }),
        queryClient.invalidateQueries({ queryKey: segmentKeys.all }),
      ]);
    },
  });
}
