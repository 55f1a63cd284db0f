import { useState } from "react";
import { useLocation } from "react-router";
import type { Attribution } from "@cohort/common/attribution";
import { attributionFromQuery } from "@cohort/common/attribution";

/**
 * The campaign fields (`utm_source`, `utm_medium`, `utm_campaign`, `ref`) of the
 * link the page was opened with, read once when it loads (decision 074). They
 * stay while the page changes its own address; a value the server would refuse
 * is left out, so a mangled link never stops an answer or a join. Nothing is
 * stored in the browser.
 */
export function useLinkAttribution(): Attribution | undefined {
  const { search } = useLocation();
  const [attribution] = useState(() => attributionFromQuery(new URLSearchParams(search)));
  return attribution;
}
