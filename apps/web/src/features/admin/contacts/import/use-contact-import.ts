import { useMutation, useQueryClient } from "@tanstack/react-query";
import { contactKeys } from "../../../../api/contacts";
import { segmentKeys } from "../../../../api/segments";
import { tagKeys } from "../../../../api/tags";
import type { ImportRow } from "./import-mapping";
import { importContacts } from "./import-api";

/** Runs the import without changing anything, to preview its outcome. */
export function useImportCheck() {
  return useMutation({ mutationFn: (rows: ImportRow[]) => importContacts(rows, true) });
}

/** Runs the import for real and refreshes whatever lists it may have changed. */
export function useImportContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rows: ImportRow[]) => importContacts(rows, false),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.all }),
        queryClient.invalidateQueries({ queryKey: tagKeys.all }),
        queryClient.invalidateQueries({ queryKey: segmentKeys.all }),
      ]);
    },
  });
}
