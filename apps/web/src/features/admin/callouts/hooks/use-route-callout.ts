import { useOutletContext } from "react-router";
import type { Callout } from "@cohort/common/callouts";

/** The callout whose pages are open; the callout page loads it. */
export function useRouteCallout(): Callout {
  return useOutletContext<Callout>();
}
