import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from "lucide-react";
import { cx } from "./class-names";
import { ProgressBar } from "./progress-bar";

export type TrayVariant = "info" | "success" | "warning" | "error";

export interface TrayItem {
  id: number;
  title: string;
  description?: string;
  variant: TrayVariant;
  removeable: boolean;
  progress?: number;
}

interface NotificationTrayProps {
  items: readonly TrayItem[];
  /** Accessible name of the tray region. */
  label: string;
  dismissLabel: string;
  onDismiss: (id: number) => void;
  onPause?: (id: number) => void;
  onResume?: (id: number) => void;
}

const icons = { info: Info, success: CircleCheck, warning: TriangleAlert, error: CircleAlert };
const accents: Record<TrayVariant, string> = {
  info: "text-link",
  success: "text-success",
  warning: "text-warning",
  error: "text-danger",
};

/** Stacked messages fixed to the bottom left of the screen. */
export function NotificationTray({ items, label, dismissLabel, onDismiss, onPause, onResume }: NotificationTrayProps) {
  return (
    <section
      aria-label={label}
      className="pointer-events-none fixed bottom-0 left-0 z-50 flex w-full max-w-full flex-col gap-3 p-4 sm:w-96 sm:max-w-[calc(100vw-2rem)] sm:p-0 sm:pb-6 sm:pl-6"
    >
      {items.map((item) => {
        const Icon = icons[item.variant];
        return (
          <div
            key={item.id}
            role={item.variant === "error" ? "alert" : "status"}
            onMouseEnter={() => onPause?.(item.id)}
            onMouseLeave={() => onResume?.(item.id)}
            onFocus={() => onPause?.(item.id)}
            onBlur={() => onResume?.(item.id)}
            className="pointer-events-auto overflow-hidden rounded-xl bg-white text-body shadow-lg ring-1 ring-black/10"
          >
            <div className="flex items-start gap-3 p-4">
              <Icon aria-hidden className={cx("mt-0.5 size-5 shrink-0", accents[item.variant])} />
              <div className="min-w-0 flex-1">
                <p className="font-semibold leading-snug">{item.title}</p>
                {item.description && <p className="mt-1 text-sm text-body/75">{item.description}</p>}
              </div>
              {item.removeable && (
                <button
                  type="button"
                  onClick={() => onDismiss(item.id)}
                  aria-label={dismissLabel}
                  className="focus-ring -m-1 cursor-pointer rounded-md p-1 text-body/70 hover:bg-body/8 hover:text-body"
                >
                  <X aria-hidden className="size-4" />
                </button>
              )}
            </div>
            {item.progress !== undefined && (
              <ProgressBar value={item.progress} className={cx("rounded-none", accents[item.variant])} />
            )}
          </div>
        );
      })}
    </section>
  );
}
