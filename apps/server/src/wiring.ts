import { confirmIdentity } from "./modules/auth/confirm-identity.js";
import { endOtherSessions } from "./modules/auth/service.js";
import { findCallout } from "./modules/callouts/records-service.js";
import { calloutCopied } from "./modules/callouts/service.js";
import * as accountHooks from "./modules/contacts/edit/account-hooks.js";
import { calloutFilters } from "./modules/contacts/list/service.js";
import { calloutExists } from "./modules/content/service.js";
import { giftPayer, thankGiver } from "./modules/gifts/giver.js";
import { giftPayer as giftPayerHook, thankGiver as thankGiverHook } from "./modules/payments/events.js";
import { forgetResetLinks, requestEmailChange } from "./modules/resets/email-change-service.js";
import { contactCalloutFilters } from "./modules/responses/contact-filters/service.js";
import { copyCalloutTags } from "./modules/responses/tags/service.js";

/**
 * The calls that go up the module graph, each from a module to one above it that it does not
 * import (decision 083): the lower module declares a hook, and here, when the app is built, the
 * higher one provides it. Everything else imports downward only.
 */
export function wireModules(): void {
  // Changing one's own sign-in details (contacts) needs auth's proof and sessions, and resets' links.
  accountHooks.confirmIdentity.provide(confirmIdentity);
  accountHooks.endOtherSessions.provide(endOtherSessions);
  accountHooks.requestEmailChange.provide(requestEmailChange);
  accountHooks.forgetResetLinks.provide(forgetResetLinks);
  // The contact filters on answers to callouts are the responses module's.
  calloutFilters.provide(contactCalloutFilters);
  // The join survey (content) must name a callout that exists.
  calloutExists.provide(async (ctx, idOrSlug) => (await findCallout(ctx, idOrSlug)) !== undefined);
  // A copied callout takes its response tags along.
  calloutCopied.provide(copyCalloutTags);
  // A gift's payment (payments) belongs to the giver the gifts module finds or makes.
  giftPayerHook.provide(giftPayer);
  // Its success is when the gifts module thanks the giver.
  thankGiverHook.provide(thankGiver);
}
