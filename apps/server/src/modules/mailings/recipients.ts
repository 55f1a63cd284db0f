import type { SQL } from "drizzle-orm";
import type { MailingRecipients } from "@cohort/common/mailings";
import type { AppContext } from "../../context.js";
import { grouped } from "../../filters/conditions.js";
import { invalidField } from "../../http/parse.js";
import { calloutExists } from "../callouts/service.js";
import { contactRulesCondition } from "../contacts/list/service.js";
import { findSegmentRules } from "../segments/service.js";
import { respondedTo } from "./queries.js";

/**
 * The contacts a mailing's recipients choice selects, as a condition on the
 * contact list's query: a saved segment's rules, a contact filter (answer
 * filters included), or everyone signed in who answered a callout. A
 * segment or callout that does not exist, or a rule the contact filters
 * refuse, is a 400.
 */
export async function recipientCondition(
  ctx: AppContext,
  recipients: MailingRecipients,
  callerId: string | undefined,
): Promise<SQL> {
  switch (recipients.type) {
    case "rules":
      return grouped(await contactRulesCondition(ctx, recipients.rules, callerId));
    case "segment": {
      const rules = await findSegmentRules(ctx, recipients.segmentId);
      if (!rules) throw missing("recipients.segmentId", "No segment with that id");
      return grouped(await contactRulesCondition(ctx, rules, callerId));
    }
    case "callout": {
      if (!(await calloutExists(ctx, recipients.calloutId))) {
        throw missing("recipients.calloutId", "No callout with that id");
      }
      return respondedTo(recipients.calloutId);
    }
  }
}

function missing(property: string, summary: string) {
  return invalidField(property, { key: "adminMailings.recipients.notFound" }, { rule: "exists", summary });
}
