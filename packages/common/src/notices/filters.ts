import type { FilterFields } from "../filters/fields.js";
import { noticeStatuses } from "./constants.js";

/** Fields the notice list can be filtered on. `status` takes `equal` and `not_equal`. */
export const noticeFilterFields = {
  id: { type: "text" },
  name: { type: "text" },
  text: { type: "blob" },
  status: { type: "enum", options: noticeStatuses },
  starts: { type: "date", nullable: true },
  expires: { type: "date", nullable: true },
  createdAt: { type: "date" },
  updatedAt: { type: "date" },
} as const satisfies FilterFields;
export type NoticeFilterName = keyof typeof noticeFilterFields;
