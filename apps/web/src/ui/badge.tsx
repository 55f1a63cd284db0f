import type { ReactNode } from "react";
import { cx } from "./class-names";

export type BadgeTone = "neutral" | "primary" | "link" | "success" | "warning" | "danger";

const toneClasses: Record<BadgeTone, string> = {
  neutral: "bg-body/8 text-body/80",
  primary: "bg-primary/10 text-primary",
  link: "bg-link/12 text-link-text",
  success: "bg-success/12 text-success-text",
  warning: "bg-warning/25 text-body",
  danger: "bg-danger/10 text-danger-text",
};

interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}

/** A small label, such as a role or a tag. */
export function Badge({ tone = "neutral", children, className }: BadgeProps) {
  return (
    <span
      className={cx(
        "inline-flex min-w-0 max-w-full items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        toneClasses[tone],
        className,
      )}
    >
      <span className="truncate">{children}</span>
    </span>
  );
}
