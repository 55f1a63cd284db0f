/** Joins the truthy class names. */
export function cx(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}

/** Text links, for router links and plain anchors alike. */
export const linkClass =
  "focus-ring rounded-sm font-semibold text-link-text underline decoration-link/40 underline-offset-4 hover:decoration-link";
