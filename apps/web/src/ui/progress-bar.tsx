import { cx } from "./class-names";

interface ProgressBarProps {
  /** From 0 to 1. */
  value: number;
  className?: string;
}

/** A thin decorative bar; the owner says in words what it means. */
export function ProgressBar({ value, className }: ProgressBarProps) {
  return (
    <div aria-hidden className={cx("h-1 w-full overflow-hidden rounded-full bg-current/15", className)}>
      <div
        className="h-full rounded-full bg-current transition-[width] duration-1000 ease-linear"
        style={{ width: `${Math.round(Math.min(Math.max(value, 0), 1) * 100)}%` }}
      />
    </div>
  );
}
