import { pageParam, pageSizeParam, urlList } from "../../shared/url-list-state";

export const OUTBOX_PAGE_SIZES = [25, 50, 100] as const;

/** The outbox page and page size, kept in the address (`?page=2&size=50`) so a reload or a link keeps them. */
export const outboxList = urlList<{ page: number; pageSize: number }>({
  page: pageParam(),
  pageSize: pageSizeParam(OUTBOX_PAGE_SIZES),
});
