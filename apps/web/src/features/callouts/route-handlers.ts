import type { PageLoader } from "../../app/router/route-def";
import { i18n } from "../../app/i18n/i18n";

/**
 * The public callout pages (main, respond, thanks) read the callout before
 * they show, so the page opens on its content instead of a placeholder, and
 * the request starts beside the page's code rather than after it. A callout
 * that cannot be read is left to the page, which explains why; the module
 * with the request is part of those pages' code anyway.
 */
export const calloutLoader: PageLoader = async ({ params }, { queryClient }) => {
  const { publicCalloutQueryOptions } = await import("../../api/callouts");
  await queryClient.prefetchQuery(publicCalloutQueryOptions(params.id ?? "", i18n.language));
  return null;
};
