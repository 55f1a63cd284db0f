import type { ComponentProps } from "react";
import { cx } from "./class-names";

interface CardProps extends ComponentProps<"div"> {
  padding?: "md" | "lg";
  tone?: "plain" | "primary";
}

export function Card({ padding = "md", tone = "plain", className, ...rest }: CardProps) {
  return (
    <div
      className={cx(
        "rounded-2xl shadow-sm",
        tone === "primary" ? "bg-primary text-on-primary" : "bg-white ring-1 ring-black/5",
        padding === "lg" ? "p-6 sm:p-8" : "p-5 sm:p-6",
        className,
      )}
      {...rest}
    />
  );
}
