import type { CalloutAnswers } from "@cohort/common/callout-form";
import { answerToText, formAnswer, inputComponents } from "@cohort/common/callout-form";
import type { RuleGroup } from "@cohort/common/filters";
import type { AppContext } from "../../../context.js";
import { allOf } from "../../../filters/conditions.js";
import type { Identity } from "../../../http/auth.js";
import { csvStream } from "../../../lib/csv.js";
import { richTextToPlainText } from "../../../lib/html.js";
import { readExportRows, type ExportComment, type ExportRow } from "./queries.js";
import { ofCallout } from "../inbox/queries.js";
import { calloutForTriage, calloutRules, isAdmin } from "../inbox/service.js";
import { filterOf, recordActivity } from "../../activity/service.js";

const BATCH_SIZE = 1000;

/** The fixed columns (reference section 7.9); one column per input of the form follows. */
export const responseCsvColumns = [
  "Date",
  "Number",
  "Bucket",
  "Tags",
  "Assignee",
  "FirstName",
  "LastName",
  "FullName",
  "EmailAddress",
  "IsGuest",
  "NewsletterOptIn",
  "NewsletterGroups",
  "Comments",
  // Cohort's: the campaign fields of the link answered from (decision 074).
  "UtmSource",
  "UtmMedium",
  "UtmCampaign",
  "Ref",
] as const;

/** The comments as the reference writes them, "Full Name (date time): text" joined with ", ", as plain text. */
function commentsText(comments: ExportRow["comments"]): string {
  const list: ExportComment[] =
    typeof comments === "string" ? (JSON.parse(comments) as ExportComment[]) : (comments ?? []);
  return list.map((comment) => `${comment.author} (${comment.at}): ${richTextToPlainText(comment.html)}`).join(", ");
}

export interface ResponseExport {
  filename: string;
  chunks: AsyncGenerator<string>;
}

/**
 * A callout's responses as CSV, streamed in batches so memory stays flat.
 * Admins and the callout's reviewers export; the contact's name and email
 * are written for admins only (a guest's details, which reviewers see on the
 * response, are written for both). The callout and the rules are checked
 * before anything is sent.
 */
export async function exportResponses(
  ctx: AppContext,
  identity: Identity,
  idOrSlug: string,
  rules: RuleGroup | undefined,
): Promise<ResponseExport> {
  const callout = await calloutForTriage(ctx, identity, idOrSlug);
  const condition = calloutRules(ctx, identity, callout, rules);
  const where = allOf(condition ? [ofCallout(callout.id), condition] : [ofCallout(callout.id)]);
  const inputs = inputComponents(callout.formSchema);
  const header = [...responseCsvColumns, ...inputs.map(({ component }) => component.label || component.key)];
  const showContact = isAdmin(identity);

  const record = (row: ExportRow): string[] => {
    const answers: CalloutAnswers = row.answers;
    const linked = row.contactId !== null && showContact;
    const fullName = linked ? `${row.firstname ?? ""} ${row.lastname ?? ""}`.trim() : (row.guestName ?? "");
    return [
      row.createdAt,
      String(row.number),
      row.bucket,
      row.tagNames ?? "",
      row.assigneeEmail ?? "",
      linked ? (row.firstname ?? "") : "",
      linked ? (row.lastname ?? "") : "",
      fullName,
      linked ? (row.email ?? "") : (row.guestEmail ?? ""),
      row.contactId === null ? "1" : "",
      row.newsletter?.optIn ? "1" : "",
      (row.newsletter?.groups ?? []).join(","),
      commentsText(row.comments),
      row.utmSource ?? "",
      row.utmMedium ?? "",
      row.utmCampaign ?? "",
      row.ref ?? "",
      ...inputs.map(({ slide, component }) => answerToText(component, formAnswer(answers, slide.id, component.key))),
    ];
  };

  async function* records(): AsyncGenerator<string[][]> {
    for await (const batch of readExportRows(ctx.db, where, BATCH_SIZE)) yield batch.map(record);
  }

  await recordActivity(ctx, { kind: "export.responses", target: callout.slug, changes: filterOf(rules) });
  const stamp = ctx.clock.now().toISOString().replace(/[:.]/g, "-");
  return {
    filename: `responses-${callout.slug.replace(/[^A-Za-z0-9_-]/g, "-")}_${stamp}.csv`,
    chunks: csvStream(header, records()),
  };
}
