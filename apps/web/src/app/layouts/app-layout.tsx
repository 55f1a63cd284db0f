import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSession } from "../../api/session";
import { isInFrame } from "../router/in-frame";
import { Brand } from "../shell/brand";
import { SiteFooter } from "../shell/site-footer";
import { MAIN_CONTENT_ID, SkipLink } from "../shell/skip-link";
import type { LayoutProps } from "./layout-props";

/** Public pages with a simple top bar. */
export function AppLayout({ children }: LayoutProps) {
  const { t } = useTranslation();
  const user = useSession();
  // Inside another site's page (an embedded callout), the page shows alone and only as tall as its content.
  if (isInFrame()) {
    return (
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="w-full px-1 py-2 outline-none sm:px-2">
        {children}
      </main>
    );
  }
  return (
    <div className="flex min-h-window flex-col">
      <SkipLink />
      <header className="border-b border-black/5 bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
          <Brand />
          <Link
            to={user ? "/" : "/auth/login"}
            className="focus-ring shrink-0 rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap text-primary hover:bg-primary/5"
          >
            {user ? t("nav.myAccount") : t("auth.login.submit")}
          </Link>
        </div>
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 outline-none sm:px-6"
      >
        {children}
      </main>
      <SiteFooter className="px-4 py-8" />
    </div>
  );
}
