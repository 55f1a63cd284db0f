import { useOutletContext } from "react-router";
import type { Contact } from "@cohort/common/contacts";

/** The contact whose pages are open; the contact page loads it for its tabs. */
export function useRouteContact(): Contact {
  return useOutletContext<Contact>();
}
