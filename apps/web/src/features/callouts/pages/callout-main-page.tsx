import { AnswerPanel } from "../components/answer-panel";
import { CalloutHeader } from "../components/callout-header";
import { RichText } from "../../../ui/rich-text";
import { StatusNotice } from "../components/status-notice";
import { useCalloutLang } from "../hooks/use-callout-lang";
import { useRouteCallout } from "../hooks/use-route-callout";

/** `/callouts/:id`: what the callout asks, and a clear way to answer it. */
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
      <AnswerPanel callout={callout} />
    </article>
  );
}
