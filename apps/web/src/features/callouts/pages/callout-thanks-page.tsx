import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { ArrowLeft, CircleCheck } from "lucide-react";
import { Card } from "../../../ui/card";
import { linkClass } from "../../../ui/class-names";
import { RichText } from "../../../ui/rich-text";
import { GuestConfirmationNote, sentResponseOf } from "../components/guest-confirmation-note";
import { ShareBox } from "../components/share-box";
import { useCalloutLang } from "../hooks/use-callout-lang";
import { useRouteCallout } from "../hooks/use-route-callout";

/**
 * `/callouts/:id/thanks`: the callout's thank-you message; after a guest's answer, where their
 * confirmation link went; while the callout is open, its address to pass on.
 */
export function CalloutThanksPage() {
  const { t } = useTranslation();
  const callout = useRouteCallout();
  const lang = useCalloutLang(callout);
  const location = useLocation();
  const { confirmationEmail } = sentResponseOf(location.state as unknown);
  return (
    <Card padding="lg" className="space-y-5 text-center">
      <CircleCheck aria-hidden className="mx-auto size-12 text-success" />
      <h1 lang={callout.thanksTitle ? lang : undefined} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {callout.thanksTitle || t("callouts.thanks.title")}
      </h1>
      {callout.thanksText ? (
        <RichText html={callout.thanksText} lang={lang} className="text-left sm:text-center" />
      ) : (
        <p>{t("callouts.thanks.text")}</p>
      )}
      {confirmationEmail && <GuestConfirmationNote email={confirmationEmail} />}
      {callout.status === "open" && <ShareBox callout={callout} />}
      <Link to={`..${location.search}`} relative="path" className={`${linkClass} inline-flex items-center gap-1.5`}>
        <ArrowLeft aria-hidden className="size-4" />
        {t("callouts.respond.backToCallout")}
      </Link>
    </Card>
  );
}
