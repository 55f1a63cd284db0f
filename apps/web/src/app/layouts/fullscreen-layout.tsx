import { MAIN_CONTENT_ID } from "../shell/skip-link";
import type { LayoutProps } from "./layout-props";

/** No chrome at all: maps, galleries. */
export function FullscreenLayout({ children }: LayoutProps) {
  return (
    <main id={MAIN_CONTENT_ID} className="min-h-dvh">
      {children}
    </main>
  );
}
