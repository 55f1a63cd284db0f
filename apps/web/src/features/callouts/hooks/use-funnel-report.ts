import { useCallback, useRef } from "react";
import type { CalloutAnswers, CalloutForm } from "@cohort/common/callout-form";
import { reportFunnelStage } from "../../../api/callouts";
import type { FormProgress } from "../form/use-form-walk";
import { isUntouched } from "./answer-draft";

/**
 * Reports how far this visit gets in the form (decision 073), each stage once: the form opened,
 * a first answer changed, and a slide after the first whenever it lies further in the form than
 * any reported before. What was reported is kept in memory only, so a reload is a new visit.
 * Returns the form's progress listener; `slug` undefined reports nothing.
 */
export function useFunnelReport(slug: string | undefined, form: CalloutForm): (progress: FormProgress) => void {
  const start = useRef<CalloutAnswers | null>(null);
  const started = useRef(false);
  const furthest = useRef(0);
  return useCallback(
    ({ answers, path }: FormProgress) => {
      if (!slug) return;
      if (!start.current) {
        start.current = answers;
        reportFunnelStage(slug, { stage: "opened" });
      } else if (!started.current && !isUntouched({ answers, path: [] }, start.current)) {
        started.current = true;
        reportFunnelStage(slug, { stage: "started" });
      }
      const index = form.slides.findIndex((slide) => slide.id === path.at(-1));
      if (index > furthest.current) {
        furthest.current = index;
        reportFunnelStage(slug, { stage: "slide", slideId: form.slides[index]!.id });
      }
    },
    [slug, form],
  );
}
