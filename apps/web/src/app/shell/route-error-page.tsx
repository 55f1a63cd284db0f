import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { RotateCcw } from "lucide-react";
import { Button } from "../../ui/button";
import { linkClass } from "../../ui/class-names";
import { AuthLayout } from "../layouts/auth-layout";
import { FrameBlockedError } from "../router/guard-loader";
import { ClientError } from "../../api/client-error";
import { reportError } from "../error-reporting";

// Only pages opened in a frame they may not be in show it: its code loads then (decision 008).
const FrameBlocked = lazy(() => import("./frame-blocked").then((module) => ({ default: module.FrameBlocked })));

/** What shows when a page fails to load or render. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  // Refusals and failures the server reported itself are expected; anything else is a bug to report.
  const isUnexpected =
    !(error instanceof FrameBlockedError) && !(error instanceof ClientError) && !isRouteErrorResponse(error);
  useEffect(() => {
    if (isUnexpected) reportError(error);
  }, [error, isUnexpected]);
  if (error instanceof FrameBlockedError) {
    return (
      <Suspense fallback={null}>
        <FrameBlocked target={error.target} />
      </Suspense>
    );
  }

  return (
    <AuthLayout>
      <h1 className="text-2xl font-bold">{t("routeError.title")}</h1>
      <p className="mt-3 text-body/80">{t("errors.generic")}</p>
      <div className="mt-6 flex flex-wrap items-center gap-4">
        <Button icon={<RotateCcw aria-hidden className="size-4" />} onClick={() => window.location.reload()}>
          {t("routeError.reload")}
        </Button>
        <Link to="/" className={linkClass}>
          {t("common.backToHome")}
        </Link>
      </div>
    </AuthLayout>
  );
}
