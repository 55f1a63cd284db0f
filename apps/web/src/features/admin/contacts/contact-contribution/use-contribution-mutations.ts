import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ForceContribution } from "@cohort/common/contributions";
import { cancelContactContribution, contactMoneyKeys, forceContribution } from "../../../../api/admin-payments";
import { contactPaymentKeys } from "../../../../api/contact-payments";
import { contactKeys } from "../../../../api/contacts";

/** The contribution, the payments and the contact's own summary may all have changed. */
function useRefreshContribution(contactId: string) {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: contactMoneyKeys.contribution(contactId) }),
      queryClient.invalidateQueries({ queryKey: contactPaymentKeys.all(contactId) }),
      queryClient.invalidateQueries({ queryKey: contactKeys.detail(contactId) }),
      queryClient.invalidateQueries({ queryKey: contactKeys.lists() }),
    ]);
  };
}

export function useForceContribution(contactId: string) {
  const refresh = useRefreshContribution(contactId);
  return useMutation({
    mutationFn: (input: ForceContribution) => forceContribution(contactId, input),
    onSuccess: () => refresh(),
  });
}

export function useCancelContribution(contactId: string) {
  const refresh = useRefreshContribution(contactId);
  return useMutation({
    mutationFn: () => cancelContactContribution(contactId),
    onSuccess: () => refresh(),
  });
}
