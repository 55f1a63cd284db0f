import { useOutletContext } from "react-router";
import type { Callout } from "@cohort/common/callouts";

/** The callout the surrounding callout page loaded. */
export function useRouteCallout(): Callout {
  return useOutletContext<Callout>();
}
