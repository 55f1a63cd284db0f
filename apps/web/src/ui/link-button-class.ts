import { cx } from "./class-names";

/** A router link or an anchor that looks like a button (see button.tsx). */
export function linkButtonClass(variant: "primary" | "secondary" = "primary", size: "sm" | "md" = "md"): string {
  return cx(
    "focus-ring inline-flex shrink-0 items-center justify-center rounded-lg font-semibold transition-colors",
    variant === "primary"
      ? "bg-primary text-on-primary shadow-sm hover:bg-primary/90"
      : "bg-white text-body shadow-sm ring-1 ring-inset ring-body/20 hover:bg-body/5",
    size === "sm" ? "h-9 gap-1.5 px-3 text-sm" : "h-11 gap-2 px-5 text-base",
  );
}
