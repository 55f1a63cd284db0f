/** A notice's status follows from its dates, like a callout's. */
export const noticeStatuses = ["draft", "scheduled", "open", "ended"] as const;
export type NoticeStatus = (typeof noticeStatuses)[number];

export const noticeSortFields = ["createdAt", "updatedAt", "name", "starts", "expires"] as const;
export type NoticeSortField = (typeof noticeSortFields)[number];

/** No start date: a draft; before the start: scheduled; after the expiry: ended; otherwise open. */
export function noticeStatus(starts: Date | null, expires: Date | null, now: Date): NoticeStatus {
  if (!starts) return "draft";
  if (now < starts) return "scheduled";
  if (expires && now > expires) return "ended";
  return "open";
}
