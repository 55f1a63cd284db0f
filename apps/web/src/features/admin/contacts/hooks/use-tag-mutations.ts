import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateContactTag } from "@cohort/common/tags";
import { contactKeys } from "../../../../api/contacts";
import { createContactTag, deleteContactTag, tagKeys, updateContactTag } from "../../../../api/tags";

/** Tag names show in contact lists too, so those are refreshed with the tags. */
function useRefreshTags() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: tagKeys.all }),
      queryClient.invalidateQueries({ queryKey: contactKeys.all }),
    ]);
  };
}

export function useCreateTag() {
  const refresh = useRefreshTags();
  return useMutation({ mutationFn: (input: CreateContactTag) => createContactTag(input), onSuccess: refresh });
}

export function useRenameTag() {
  const refresh = useRefreshTags();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => updateContactTag(id, { name }),
    onSuccess: refresh,
  });
}

export function useDeleteTag() {
  const refresh = useRefreshTags();
  return useMutation({ mutationFn: (id: string) => deleteContactTag(id), onSuccess: refresh });
}
