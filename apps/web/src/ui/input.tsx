import type { ComponentProps } from "react";
import { cx } from "./class-names";

interface InputProps extends Omit<ComponentProps<"input">, "size"> {
  hasError?: boolean;
  size?: "sm" | "md";
}

/** A bare styled input, for places where the label sits elsewhere (give it an aria-label). */
export function Input({ hasError = false, size = "md", className, ...rest }: InputProps) {
  return (
    <input
      aria-invalid={hasError ? true : undefined}
      className={cx(
        "block w-full rounded-lg border bg-white px-3 text-body shadow-xs transition-colors",
        "placeholder:text-body/40 focus:outline-none focus-visible:ring-3 disabled:opacity-60",
        size === "sm" ? "h-9 text-sm" : "h-11 text-base",
        hasError
          ? "border-danger focus-visible:border-danger focus-visible:ring-danger/25"
          : "border-body/25 hover:border-body/40 focus-visible:border-focus focus-visible:ring-focus/25",
        className,
      )}
      {...rest}
    />
  );
}
