import { isInFrame } from "../router/in-frame";
import { MAIN_CONTENT_ID } from "../shell/skip-link";
import type { LayoutProps } from "./layout-props";

/** No chrome at all: maps, galleries. */
export function FullscreenLayout({ children }: LayoutProps) {
  // Inside another site's page the frame's height follows the content: a height of the window would grow it forever.
  return (
    <main id={MAIN_CONTENT_ID} className={isInFrame() ? undefined : "min-h-window"}>
      {children}
    </main>
  );
}
