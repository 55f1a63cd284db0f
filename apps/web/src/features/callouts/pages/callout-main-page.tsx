import { AnswerPanel } from "../components/answer-panel";
import { CalloutHeader } from "../components/callout-header";
import { RichText } from "../../../ui/rich-text";
import { StatusNotice } from "../components/status-notice";
import { useRouteCallout } from "../hooks/use-route-callout";

/** `/callouts/:id`: what the callout asks, and a clear way to answer it. */
export function CalloutMainPage() {
  const callout = useRouteCallout();
  return (
    <article className="space-y-8">
      <CalloutHeader callout={callout}>
        <StatusNotice callout={callout} />
      </CalloutHeader>
      {callout.intro ? (
        <RichText html={callout.intro} className="text-lg" />
      ) : (
        <p className="text-lg">{callout.excerpt}</p>
      )}
      <AnswerPanel callout={callout} />
    </article>
  );
}
