import { MAIN_CONTENT_ID } from "../shell/skip-link";
import type { LayoutProps } from "./layout-props";

/** For pages that only do some work and move on. */
export function LoadingLayout({ children }: LayoutProps) {
  return (
    <main id={MAIN_CONTENT_ID} className="grid min-h-window place-items-center p-6 text-center text-primary">
      {children}
    </main>
  );
}
