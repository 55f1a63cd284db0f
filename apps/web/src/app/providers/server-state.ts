import type { QueryClient } from "@tanstack/react-query";
import { hydrate, type DehydratedState } from "@tanstack/react-query";

/** The element in which the server puts the answers a rendered page was made from. */
export const SERVER_STATE_ID = "cohort-state";

/**
 * Fills the query cache with the answers the server rendered the page from, if it did (decision 047),
 * and answers whether it did. Unreadable state counts as none: the app then reads as usual.
 */
export function readServerState(queryClient: QueryClient, root: Document = document): boolean {
  const element = root.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return false;
  element.remove();
  try {
    hydrate(queryClient, JSON.parse(element.textContent) as DehydratedState);
    return true;
  } catch {
    return false;
  }
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isControl = (element: Element | null): element is Control =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;

const isToggle = (control: Control): control is HTMLInputElement =>
  control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio");

/**
 * What the visitor did on a rendered page before the app took it over: the fields they filled in or
 * ticked, by id, and the one they were in. The app renders its fields empty, from its own state;
 * the returned function puts the visitor's input back through the fields' own events, so that the
 * app's state has it too, and returns them to the field they were in.
 */
export function keepVisitorInput(container: HTMLElement): () => void {
  const changed = new Map<string, string | boolean>();
  for (const control of container.querySelectorAll<Control>("input, textarea, select")) {
    if (!control.id) continue;
    if (isToggle(control)) {
      if (control.checked !== control.defaultChecked) changed.set(control.id, control.checked);
    } else if (control instanceof HTMLSelectElement) {
      const chosen = control.selectedOptions[0];
      if (chosen && !chosen.defaultSelected) changed.set(control.id, control.value);
    } else if (control.type !== "file" && control.value !== control.defaultValue) {
      changed.set(control.id, control.value);
    }
  }
  const active = container.ownerDocument.activeElement;
  const focused = isControl(active) && container.contains(active) ? active : null;
  const focus = focused && {
    id: focused.id,
    selection: focused instanceof HTMLSelectElement ? null : [focused.selectionStart, focused.selectionEnd],
  };

  return () => {
    const root = container.ownerDocument;
    for (const [id, value] of changed) {
      const control = root.getElementById(id);
      if (!isControl(control)) continue;
      if (typeof value === "boolean") {
        if (isToggle(control) && control.checked !== value) control.click();
        continue;
      }
      // Through the element's own setter, so that the app's change handler sees a real change.
      const prototype = Object.getPrototypeOf(control) as object;
      Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(control, value);
      control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
    }
    const target = focus?.id ? root.getElementById(focus.id) : null;
    if (isControl(target)) {
      target.focus();
      const [start, end] = focus?.selection ?? [];
      if (!(target instanceof HTMLSelectElement) && typeof start === "number" && typeof end === "number") {
        try {
          target.setSelectionRange(start, end);
        } catch {
          // Some input types (email, number) have no selection to set.
        }
      }
    }
  };
}
