import type { FilterFields } from "../filters/fields.js";
import { calloutChannels, calloutStatuses } from "./constants.js";

/** Fields the callout list can be filtered on. `status` takes `equal` only. */
export const calloutFilterFields = {
  id: { type: "text" },
  slug: { type: "text" },
  title: { type: "text" },
  status: { type: "enum", options: calloutStatuses },
  starts: { type: "date", nullable: true },
  expires: { type: "date", nullable: true },
  hidden: { type: "boolean" },
  channels: { type: "array", options: calloutChannels },
  answeredBy: { type: "contact" },
  canReview: { type: "boolean" },
} as const satisfies FilterFields;
export type CalloutFilterName = keyof typeof calloutFilterFields;

/** Base filters of responses; `answers.<slideId>.<key>` fields come from the form. */
export const calloutResponseFilterFields = {
  id: { type: "text" },
  calloutId: { type: "text" },
  contact: { type: "contact", nullable: true },
  assignee: { type: "contact", nullable: true },
  createdAt: { type: "date" },
  updatedAt: { type: "date" },
  bucket: { type: "text", nullable: true },
  tags: { type: "array", format: "uuid" },
  answers: { type: "blob", nullable: true },
} as const satisfies FilterFields;
