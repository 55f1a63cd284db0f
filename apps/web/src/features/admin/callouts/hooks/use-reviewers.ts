import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  addCalloutReviewer,
  adminCalloutKeys,
  calloutReviewersQueryOptions,
  removeCalloutReviewer,
  searchContacts,
} from "../../../../api/admin-callouts";

export function useReviewers(calloutId: string) {
  const queryClient = useQueryClient();
  const list = useQuery(calloutReviewersQueryOptions(calloutId));
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminCalloutKeys.reviewers(calloutId) });
  const add = useMutation({
    mutationFn: (contactId: string) => addCalloutReviewer(calloutId, contactId),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (reviewerId: string) => removeCalloutReviewer(calloutId, reviewerId),
    onSuccess: refresh,
  });
  return { list, add, remove };
}

/** Contacts matching a search of at least two characters. */
export function useContactSearch(text: string) {
  const query = text.trim();
  return useQuery({
    queryKey: ["contacts", "reviewer-search", query],
    queryFn: ({ signal }) => searchContacts(query, signal),
    enabled: query.length >= 2,
    staleTime: 30_000,
  });
}
