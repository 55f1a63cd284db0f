import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Callout, UpdateCallout } from "@cohort/common/callouts";
import {
  adminCalloutKeys,
  createCallout,
  deleteCallout,
  replicateCallout,
  updateCallout,
} from "../../../../api/admin-callouts";
import { calloutKeys } from "../../../../api/callouts";
import type { SaveIntent } from "../editor/save-intent";
import { saveBody } from "../editor/save-intent";
import type { CalloutEditorValues, EditorTarget } from "../editor/editor-values";

function useRefreshCallouts() {
  const queryClient = useQueryClient();
  return (callout?: Callout) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminCalloutKeys.lists() }),
      // The public pages keep a callout for a while (see publicCalloutQueryOptions); show the change there too.
      queryClient.invalidateQueries({ queryKey: calloutKeys.all }),
      ...(callout ? [queryClient.invalidateQueries({ queryKey: adminCalloutKeys.detail(callout.id) })] : []),
    ]);
}

/** Saves the editor's values: a new callout is created, a saved one changed. */
export function useSaveCallout(target: EditorTarget) {
  const refresh = useRefreshCallouts();
  return useMutation({
    mutationFn: ({ intent, values }: { intent: SaveIntent; values: CalloutEditorValues }) => {
      const body = saveBody(intent, values, target, new Date());
      return target.id ? updateCallout(target.id, body) : createCallout(body);
    },
    onSuccess: (callout) => refresh(callout),
  });
}

/** Publish, end, reopen or revert: a change of dates. */
export function useChangeCallout(id: string) {
  const refresh = useRefreshCallouts();
  return useMutation({
    mutationFn: (change: UpdateCallout) => updateCallout(id, change),
    onSuccess: (callout) => refresh(callout),
  });
}

export function useReplicateCallout(id: string) {
  const refresh = useRefreshCallouts();
  return useMutation({ mutationFn: () => replicateCallout(id), onSuccess: () => refresh() });
}

export function useDeleteCallout(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshCallouts();
  return useMutation({
    mutationFn: () => deleteCallout(id),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: adminCalloutKeys.detail(id) });
      await refresh();
    },
  });
}
