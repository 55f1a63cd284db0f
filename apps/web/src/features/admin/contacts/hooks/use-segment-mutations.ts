import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateSegment, UpdateSegment } from "@cohort/common/segments";
import { createSegment, deleteSegment, segmentKeys, updateSegment } from "../../../../api/segments";
import { contactKeys } from "../../../../api/contacts";

export function useCreateSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSegment) => createSegment(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: segmentKeys.all }),
  });
}

export function useUpdateSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateSegment & { id: string }) => updateSegment(id, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: segmentKeys.all });
      await queryClient.invalidateQueries({ queryKey: contactKeys.lists() });
    },
  });
}

export function useDeleteSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteSegment(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: segmentKeys.all }),
  });
}
