import { useGeneralContent } from "../../api/content";
import { cx } from "../../ui/class-names";
import { Brand } from "../shell/brand";
import { SiteFooter } from "../shell/site-footer";
import { MAIN_CONTENT_ID, SkipLink } from "../shell/skip-link";
import type { LayoutProps } from "./layout-props";

/**
 * The picture behind these pages when the organisation set none, as the settings promise: a quiet
 * pattern of lines, drawn for Cohort (public/backgrounds/standard.svg).
 */
export const STANDARD_BACKGROUND_CLASS = "bg-canvas bg-[url(/backgrounds/standard.svg)] bg-[length:240px]";

/** A single card over the organisation's background: login, setup and other short steps. */
export function AuthLayout({ children }: LayoutProps) {
  const { backgroundUrl } = useGeneralContent();
  const hasImage = backgroundUrl !== "";
  return (
    <div
      className={cx(
        "relative flex min-h-window flex-col items-center px-4 py-8 sm:py-14",
        hasImage ? "bg-primary bg-cover bg-center" : STANDARD_BACKGROUND_CLASS,
      )}
      style={hasImage ? { backgroundImage: `url("${encodeURI(backgroundUrl)}")` } : undefined}
    >
      {hasImage ? (
        <div aria-hidden className="absolute inset-0 bg-black/35" />
      ) : (
        <div
          aria-hidden
          className="absolute inset-x-0 top-0 h-80 bg-gradient-to-b from-primary/12 via-link/5 to-transparent"
        />
      )}
      <SkipLink />
      <div className="relative flex w-full max-w-md flex-1 flex-col">
        <header className="mb-6 flex justify-center sm:mb-8">
          <Brand tone={hasImage ? "light" : "dark"} />
        </header>
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className="rounded-2xl bg-white p-6 shadow-xl shadow-primary/5 ring-1 ring-black/5 outline-none sm:p-8"
        >
          {children}
        </main>
        <SiteFooter tone={hasImage ? "light" : "dark"} className="mt-auto pt-8" />
      </div>
    </div>
  );
}
