import { cx } from "./class-names";

/** A grey placeholder block shown while content loads; the owner announces the loading state. */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden className={cx("block animate-pulse rounded-md bg-body/10", className)} />;
}
