import { useSearchParams } from "react-router";

export const OUTBOX_PAGE_SIZES = [25, 50, 100] as const;
const DEFAULT_SIZE = OUTBOX_PAGE_SIZES[0];

function positiveInteger(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

/** The outbox page and page size, kept in the address (`?page=2&size=50`) so a reload or a link keeps them. */
export function useOutboxPage() {
  const [params, setParams] = useSearchParams();
  const page = positiveInteger(params.get("page"), 1);
  const size = positiveInteger(params.get("size"), DEFAULT_SIZE);
  const pageSize = (OUTBOX_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_SIZE;

  const update = (nextPage: number, nextSize: number) => {
    const next = new URLSearchParams();
    if (nextPage > 1) next.set("page", String(nextPage));
    if (nextSize !== DEFAULT_SIZE) next.set("size", String(nextSize));
    setParams(next);
  };

  return {
    page,
    pageSize,
    limit: pageSize,
    offset: (page - 1) * pageSize,
    setPage: (nextPage: number) => update(nextPage, pageSize),
    setPageSize: (nextSize: number) => update(1, nextSize),
  };
}
