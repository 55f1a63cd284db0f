import type { UpdateCallout } from "@cohort/common/callouts";
import type { CalloutPayload } from "./editor-conversion";
import { fromLocalInput } from "../../shared/local-date-input";
import { calloutPayload } from "./editor-conversion";
import type { CalloutEditorValues, EditorTarget } from "./editor-values";

/** Which header button saved: keep as a draft, publish or schedule, or update a live callout. */
export type SaveIntent = "draft" | "publish" | "update";

/** The buttons the editor header offers for a callout in its current state. */
export function saveIntents(target: EditorTarget): SaveIntent[] {
  return target.status === "open" || target.status === "ended" ? ["update"] : ["draft", "publish"];
}

/**
 * The dates a save sends. A live callout keeps its start: only its end can
 * change from the editor (the overview has the other actions).
 */
export function calloutDates(
  intent: SaveIntent,
  values: CalloutEditorValues,
  now: Date,
): Pick<UpdateCallout, "starts" | "expires"> {
  const expires = values.endMode === "scheduled" ? fromLocalInput(values.endDate) : null;
  switch (intent) {
    case "draft":
      return { starts: null, expires };
    case "publish":
      return {
        starts: values.startMode === "scheduled" ? fromLocalInput(values.startDate) : now.toISOString(),
        expires,
      };
    case "update":
      return { expires };
  }
}

/** The body of the request a save sends. A new callout whose slug follows its title lets the server pick a free one. */
export function saveBody(
  intent: SaveIntent,
  values: CalloutEditorValues,
  target: EditorTarget,
  now: Date,
): CalloutPayload & Pick<UpdateCallout, "starts" | "expires"> {
  const { slug, ...payload } = calloutPayload(values);
  const keepSlug = target.id !== null || values.slugMode === "manual";
  return { ...payload, ...(keepSlug ? { slug } : {}), ...calloutDates(intent, values, now) };
}
