import type { ReactNode, Ref } from "react";
import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";
import { cx } from "./class-names";

export type AlertVariant = "info" | "success" | "warning" | "error";

interface AlertProps {
  variant?: AlertVariant;
  title?: string;
  children?: ReactNode;
  className?: string;
  ref?: Ref<HTMLDivElement>;
  /** Lets code move focus to the alert. */
  tabIndex?: number;
  /** For controls the alert explains (`aria-describedby`). */
  id?: string;
}

const variantStyles: Record<AlertVariant, { box: string; icon: string }> = {
  info: { box: "bg-link/8 ring-link/25", icon: "text-link" },
  success: { box: "bg-success/10 ring-success/30", icon: "text-success" },
  warning: { box: "bg-warning/15 ring-warning/50", icon: "text-body" },
  error: { box: "bg-danger/8 ring-danger/30", icon: "text-danger" },
};

const icons = { info: Info, success: CircleCheck, warning: TriangleAlert, error: CircleAlert };

export function Alert({ variant = "info", title, children, className, ref, tabIndex, id }: AlertProps) {
  const Icon = icons[variant];
  const styles = variantStyles[variant];
  return (
    <div
      ref={ref}
      id={id}
      tabIndex={tabIndex}
      role={variant === "error" ? "alert" : "status"}
      className={cx("focus-ring flex gap-3 rounded-xl p-4 text-sm text-body ring-1 ring-inset", styles.box, className)}
    >
      <Icon aria-hidden className={cx("mt-0.5 size-5 shrink-0", styles.icon)} />
      <div className="min-w-0 space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className="leading-relaxed">{children}</div>}
      </div>
    </div>
  );
}
