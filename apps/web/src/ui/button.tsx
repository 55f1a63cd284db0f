import type { ComponentProps, ReactNode } from "react";
import { cx } from "./class-names";
import { Spinner } from "./spinner";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";

interface ButtonProps extends ComponentProps<"button"> {
  variant?: ButtonVariant;
  size?: "sm" | "md";
  /** Shows a spinner and ignores clicks while work is under way. */
  isLoading?: boolean;
  icon?: ReactNode;
  isFullWidth?: boolean;
}

const variantClasses: Record<ButtonVariant, string> = {
  primary: "bg-primary text-on-primary shadow-sm hover:bg-primary/90 active:bg-primary/80",
  secondary: "bg-white text-body ring-1 ring-inset ring-body/20 shadow-sm hover:bg-body/5",
  ghost: "text-body hover:bg-body/8",
  danger: "bg-danger text-on-danger shadow-sm hover:bg-danger/90",
};

const sizeClasses = {
  sm: "h-9 gap-1.5 px-3 text-sm",
  md: "h-11 gap-2 px-5 text-base",
};

export function Button({
  variant = "primary",
  size = "md",
  isLoading = false,
  isFullWidth = false,
  icon,
  type = "button",
  className,
  children,
  disabled,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      className={cx(
        "focus-ring inline-flex shrink-0 cursor-pointer items-center justify-center rounded-lg font-semibold transition-colors",
        "disabled:cursor-not-allowed disabled:opacity-60",
        variantClasses[variant],
        sizeClasses[size],
        isFullWidth && "w-full",
        className,
      )}
      {...rest}
    >
      {isLoading ? <Spinner className="size-4" /> : icon}
      {children}
    </button>
  );
}
