import { cx } from "./class-names";

interface ProgressMeterProps {
  /** Names the work, e.g. "Import progress". */
  label: string;
  /** Done so far; leave out while the amount of work is unknown (the bar then moves on its own). */
  value?: number;
  max?: number;
  /** The same in words, shown under the bar and read out instead of a bare percentage. */
  valueText: string;
  className?: string;
}

/**
 * A labelled progress bar for work that takes a while: `role="progressbar"` with
 * its value and maximum when they are known, an indeterminate bar otherwise.
 */
export function ProgressMeter({ label, value, max, valueText, className }: ProgressMeterProps) {
  const isKnown = value !== undefined && max !== undefined && max > 0;
  const share = isKnown ? Math.min(Math.max(value / max, 0), 1) : 0;
  return (
    <div className={cx("space-y-1.5", className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={isKnown ? 0 : undefined}
        aria-valuemax={isKnown ? max : undefined}
        aria-valuenow={isKnown ? Math.min(value, max) : undefined}
        aria-valuetext={valueText}
        className="h-2.5 w-full overflow-hidden rounded-full bg-primary/15"
      >
        {isKnown ? (
          <div
            className="h-full rounded-full bg-primary transition-[width] duration-300 ease-out"
            style={{ width: `${Math.round(share * 1000) / 10}%` }}
          />
        ) : (
          <div className="h-full w-full animate-pulse rounded-full bg-primary/60" />
        )}
      </div>
      <p aria-hidden className="text-sm text-body/75 tabular-nums">
        {valueText}
      </p>
    </div>
  );
}
