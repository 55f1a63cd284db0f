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

/**
 * Stacked messages placed where they hide nothing that can be pressed. On wide screens: the bottom
 * of the side navigation's column (256px), over the signed-in person's name, which is no control,
 * and beside public pages' centred content. On phones: the top of the screen, clear of dialogs,
 * which open from the bottom there; on tablets the middle of the top bar, between logo and menu.
 */
export function NotificationTray({ items, label, dismissLabel, onDismiss, onPause, onResume }: NotificationTrayProps) {
  return (
    <section
      aria-label={label}
      className="pointer-events-none fixed inset-x-0 top-0 z-50 flex flex-col gap-2 p-3 sm:inset-x-auto sm:left-1/2 sm:w-96 sm:-translate-x-1/2 lg:top-auto lg:bottom-0 lg:left-0 lg:w-64 lg:translate-x-0 lg:gap-3 lg:p-4"
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
