import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateContact, PutRole, RoleType, UpdateContact } from "@cohort/common/contacts";
import {
  contactKeys,
  createContact,
  deleteContact,
  deleteContactRole,
  putContactRole,
  updateContact,
} from "../../../../api/contacts";
import { segmentKeys } from "../../../../api/segments";
import { sessionKeys } from "../../../../api/session";
import { tagKeys } from "../../../../api/tags";

/** Lists, counts and the contact itself may all have changed. */
function useRefreshContacts() {
  const queryClient = useQueryClient();
  return async (id?: string) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: contactKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: segmentKeys.all }),
      queryClient.invalidateQueries({ queryKey: tagKeys.all }),
      // Changing one's own roles or name changes the logged-in contact too.
      queryClient.invalidateQueries({ queryKey: sessionKeys.me }),
      ...(id ? [queryClient.invalidateQueries({ queryKey: contactKeys.detail(id) })] : []),
    ]);
  };
}

export function useCreateContact() {
  const refresh = useRefreshContacts();
  return useMutation({
    mutationFn: (input: CreateContact) => createContact(input),
    onSuccess: () => refresh(),
  });
}

export function useUpdateContact(id: string) {
  const refresh = useRefreshContacts();
  return useMutation({
    mutationFn: (input: UpdateContact) => updateContact(id, input),
    onSuccess: () => refresh(id),
  });
}

export function useDeleteContact(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshContacts();
  return useMutation({
    mutationFn: () => deleteContact(id),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: contactKeys.detail(id) });
      await refresh();
    },
  });
}

export function usePutRole(id: string) {
  const refresh = useRefreshContacts();
  return useMutation({
    mutationFn: ({ role, ...input }: PutRole & { role: RoleType }) => putContactRole(id, role, input),
    onSuccess: () => refresh(id),
  });
}

export function useDeleteRole(id: string) {
  const refresh = useRefreshContacts();
  return useMutation({
    mutationFn: (role: RoleType) => deleteContactRole(id, role),
    onSuccess: () => refresh(id),
  });
}
