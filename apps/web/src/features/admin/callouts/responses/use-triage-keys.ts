import { useLayoutEffect, useRef } from "react";

/** The keys of the single response page, as shown next to their buttons. */
export const triageKeys = {
  next: "j",
  previous: "k",
  verified: "v",
  trash: "t",
  assignToMe: "a",
} as const;
export type TriageAction = keyof typeof triageKeys;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || Boolean(target.closest("input, textarea, select, [role='dialog']"));
}

/**
 * Runs a triage action when its key is pressed, unless someone is typing, a
 * dialog is open or a modifier key is held (browser and screen reader keys stay theirs).
 * Layout effects, so a key pressed as soon as the page shows already acts on what it shows.
 */
export function useTriageKeys(onAction: (action: TriageAction) => void, isEnabled: boolean) {
  const handler = useRef(onAction);
  useLayoutEffect(() => {
    handler.current = onAction;
  }, [onAction]);
  useLayoutEffect(() => {
    if (!isEnabled) return;
    const listener = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (isTyping(event.target) || document.querySelector("[role='dialog']")) return;
      const action = (Object.keys(triageKeys) as TriageAction[]).find((name) => triageKeys[name] === event.key);
      if (!action) return;
      event.preventDefault();
      handler.current(action);
    };
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, [isEnabled]);
}
