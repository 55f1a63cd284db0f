import type { KeyboardEvent, ReactNode } from "react";

interface ToolbarFormRowProps {
  /** Escape closes the row and gives the text back its focus. */
  onClose: () => void;
  /** Enter inside the row: the editor usually sits in a form, so Enter must not save it. */
  onEnter: (event: KeyboardEvent<HTMLDivElement>) => void;
  children: ReactNode;
}

/** The row under the toolbar where a link's address or an image's description is asked for. */
export function ToolbarFormRow({ onClose, onEnter, children }: ToolbarFormRowProps) {
  return (
    <div
      className="flex flex-wrap items-end gap-2 border-b border-body/15 bg-body/3 px-3 py-2.5"
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          onClose();
        } else if (event.key === "Enter") {
          onEnter(event);
        }
      }}
    >
      {children}
    </div>
  );
}
