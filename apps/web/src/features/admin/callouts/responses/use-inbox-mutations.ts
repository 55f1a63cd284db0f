import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateCalloutTag, UpdateCalloutTag } from "@cohort/common/callouts";
import type { RuleGroup } from "@cohort/common/filters";
import type { ResponseUpdates } from "../../../../api/callout-responses";
import {
  bulkUpdateResponses,
  createCalloutTag,
  createComment,
  deleteCalloutTag,
  deleteComment,
  responseKeys,
  updateCalloutTag,
  updateComment,
  updateResponse,
} from "../../../../api/callout-responses";

/** Every inbox answer may change after a write: lists, counts, neighbours, the response and its comments. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: responseKeys.all });
}

/** Moves, tags or assigns every response the rules match; resolves to how many changed. */
export function useBulkUpdate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ rules, updates }: { rules: RuleGroup; updates: Omit<ResponseUpdates, "answers"> }) =>
      bulkUpdateResponses(rules, updates),
    onSettled: refresh,
  });
}

export function useUpdateResponse(responseId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (updates: ResponseUpdates) => updateResponse(responseId, updates),
    onSuccess: refresh,
  });
}

export function useCommentMutations(responseId: string) {
  const refresh = useRefresh();
  const create = useMutation({ mutationFn: (text: string) => createComment(responseId, text), onSuccess: refresh });
  const update = useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => updateComment(id, text),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: string) => deleteComment(id), onSuccess: refresh });
  return { create, update, remove };
}

export function useTagMutations(calloutId: string) {
  const refresh = useRefresh();
  const create = useMutation({
    mutationFn: (input: CreateCalloutTag) => createCalloutTag(calloutId, input),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateCalloutTag }) => updateCalloutTag(calloutId, id, input),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: string) => deleteCalloutTag(calloutId, id), onSuccess: refresh });
  return { create, update, remove };
}
