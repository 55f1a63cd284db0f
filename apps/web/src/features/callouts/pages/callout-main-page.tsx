import { AnswerPanel } from "../components/answer-panel";
import { CalloutHeader } from "../components/callout-header";
import { RichText } from "../../../ui/rich-text";
import { ResponseViewLinks } from "../components/response-view-links";
import { ShareBox } from "../components/share-box";
import { StatusNotice } from "../components/status-notice";
import { useCalloutLang } from "../hooks/use-callout-lang";
import { useRouteCallout } from "../hooks/use-route-callout";

/** `/callouts/:id`: what the callout asks, a clear way to answer it, and, while it is open, its address to pass on. */
export function CalloutMainPage() {
  const callout = useRouteCallout();
  const lang = useCalloutLang(callout);
  return (
    <article className="space-y-8">
      <CalloutHeader callout={callout}>
        <StatusNotice callout={callout} />
      </CalloutHeader>
      {callout.intro ? (
        <RichText html={callout.intro} lang={lang} className="text-lg" />
      ) : (
        <p lang={lang} className="text-lg">
          {callout.excerpt}
        </p>
      )}
      <ResponseViewLinks callout={callout} />
      <AnswerPanel callout={callout} />
      {callout.status === "open" && <ShareBox callout={callout} />}
    </article>
  );
}
