/**
 * The callout records other modules read (the join settings, the responses
 * inbox): the callouts module's face to them, so no other module reaches into
 * its queries.
 */
export { findCallout, findVariants, reviewsCallout, type CalloutRow, type VariantRow } from "./queries.js";
