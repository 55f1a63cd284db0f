import type { KeyboardEvent } from "react";

/** Moves focus between the rows with the arrow keys, Home and End. */
export function handleRowNavigation(event: KeyboardEvent<HTMLElement>): boolean {
  const keys = ["ArrowUp", "ArrowDown", "Home", "End"];
  if (event.altKey || !keys.includes(event.key)) return false;
  const tree = event.currentTarget.closest("[data-builder-tree]");
  const rows = Array.from(tree?.querySelectorAll<HTMLElement>("[data-builder-row]") ?? []);
  const index = rows.indexOf(event.currentTarget);
  const next =
    event.key === "Home"
      ? rows[0]
      : event.key === "End"
        ? rows[rows.length - 1]
        : rows[index + (event.key === "ArrowDown" ? 1 : -1)];
  event.preventDefault();
  next?.focus();
  return true;
}
