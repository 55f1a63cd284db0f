import type { KeyboardEvent, ReactNode, RefObject } from "react";
import { useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { X } from "lucide-react";
import { cx } from "./class-names";

interface DialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  /** Accessible name of the close button. */
  closeLabel: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Focused when the dialog opens; otherwise the first field or button inside. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  size?: "sm" | "md" | "lg";
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const sizeClasses = { sm: "max-w-md", md: "max-w-lg", lg: "max-w-2xl" };

function focusableIn(element: HTMLElement | null): HTMLElement[] {
  return element ? Array.from(element.querySelectorAll<HTMLElement>(FOCUSABLE)) : [];
}

/**
 * A modal dialog: the rest of the page is inert while it is open, focus stays
 * inside, Escape or a click outside closes it, and focus goes back to where
 * it was.
 */
export function Dialog(props: DialogProps) {
  if (!props.isOpen) return null;
  return createPortal(<DialogPanel {...props} />, document.body);
}

function DialogPanel({
  onClose,
  title,
  closeLabel,
  description,
  children,
  footer,
  initialFocusRef,
  size = "md",
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const overlayRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overlay = overlayRef.current;
    const others = Array.from(document.body.children).filter(
      (element): element is HTMLElement =>
        element instanceof HTMLElement && element !== overlay && !element.hasAttribute("inert"),
    );
    for (const element of others) element.setAttribute("inert", "");
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";

    const inside = focusableIn(panelRef.current).filter((element) => !element.dataset.dialogClose);
    (initialFocusRef?.current ?? inside[0] ?? panelRef.current)?.focus();

    return () => {
      for (const element of others) element.removeAttribute("inert");
      document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
  }, [initialFocusRef]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== "Tab") return;
    const focusable = focusableIn(panelRef.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      ref={overlayRef}
      className="fixed inset-0 z-40 flex items-end justify-center bg-black/40 p-0 sm:items-center sm:p-6"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
        className={cx(
          "flex max-h-[90dvh] w-full flex-col rounded-t-2xl bg-white text-body shadow-xl outline-none sm:rounded-2xl",
          sizeClasses[size],
        )}
      >
        <div className="flex items-start justify-between gap-4 px-5 pt-5 sm:px-6 sm:pt-6">
          <div className="min-w-0 space-y-1">
            <h2 id={titleId} className="text-lg font-bold">
              {title}
            </h2>
            {description && (
              <div id={descriptionId} className="text-sm text-body/75">
                {description}
              </div>
            )}
          </div>
          <button
            type="button"
            data-dialog-close="true"
            onClick={() => onCloseRef.current()}
            aria-label={closeLabel}
            className="focus-ring -m-1 cursor-pointer rounded-md p-1 text-body/70 hover:bg-body/8 hover:text-body"
          >
            <X aria-hidden className="size-5" />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4 sm:px-6">{children}</div>
        {footer && (
          <div className="flex flex-col-reverse gap-2 border-t border-black/5 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
            {footer}
          </div>
        )}
      </div>
    </div>
  );
}
