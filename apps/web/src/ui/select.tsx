import type { ComponentProps } from "react";
import { ChevronDown } from "lucide-react";
import { cx } from "./class-names";

interface SelectProps extends Omit<ComponentProps<"select">, "size"> {
  hasError?: boolean;
  size?: "sm" | "md";
}

/** A styled native select; give it a label or an aria-label. */
export function Select({ hasError = false, size = "md", className, children, ...rest }: SelectProps) {
  return (
    <div className={cx("relative", className)}>
      <select
        aria-invalid={hasError ? true : undefined}
        className={cx(
          "block w-full cursor-pointer appearance-none rounded-lg border bg-white pr-9 pl-3 text-body shadow-xs transition-colors",
          "focus:outline-none focus-visible:ring-3 disabled:cursor-not-allowed disabled:opacity-60",
          size === "sm" ? "h-9 text-sm" : "h-11 text-base",
          hasError
            ? "border-danger focus-visible:border-danger focus-visible:ring-danger/25"
            : "border-body/25 hover:border-body/40 focus-visible:border-focus focus-visible:ring-focus/25",
        )}
        {...rest}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-body/70"
      />
    </div>
  );
}
