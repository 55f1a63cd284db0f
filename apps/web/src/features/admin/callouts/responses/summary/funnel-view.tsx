import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { CalloutFunnel } from "@cohort/common/callouts";
import type { RuleGroup } from "@cohort/common/filters";
import { calloutFunnelQueryOptions } from "../../../../../api/callout-responses";
import { messageForError } from "../../../../../api/error-messages";
import { Alert } from "../../../../../ui/alert";
import { Skeleton } from "../../../../../ui/skeleton";
import { useValueFormat } from "./use-value-format";

interface Step {
  key: string;
  label: string;
  count: number;
}

/** The funnel's steps in order: opened, started, each slide after the first, sent. */
function stepsOf(funnel: CalloutFunnel, t: (key: string, values?: Record<string, unknown>) => string): Step[] {
  return [
    { key: "opened", label: t("adminResponses.funnel.opened"), count: funnel.opened },
    { key: "started", label: t("adminResponses.funnel.started"), count: funnel.started },
    ...funnel.slides.map((slide) => ({
      key: `slide-${slide.id}`,
      label: t("adminResponses.funnel.reached", { slide: slide.title }),
      count: slide.reached,
    })),
    { key: "submitted", label: t("adminResponses.funnel.submitted"), count: funnel.submitted },
  ];
}

/**
 * How far visits got through the callout's form (decision 073), above the
 * summary of answers: each step with its count, its share of the visits that
 * opened the form and of the step before. Only the filter's dates apply.
 */
export function CalloutFunnelView({ calloutId, rules }: { calloutId: string; rules: RuleGroup }) {
  const { t } = useTranslation();
  const values = useValueFormat();
  const funnel = useQuery(calloutFunnelQueryOptions(calloutId, rules));

  let body;
  if (funnel.isPending) {
    body = <Skeleton className="h-32 w-full" />;
  } else if (funnel.isError) {
    body = <Alert variant="error" title={t(messageForError(funnel.error))} />;
  } else if (funnel.data.opened === 0 && funnel.data.submitted === 0) {
    body = <p className="text-sm text-body/70">{t("adminResponses.funnel.empty")}</p>;
  } else {
    const steps = stepsOf(funnel.data, t);
    const { opened, firstDay, lastDay } = funnel.data;
    const widest = Math.max(...steps.map((step) => step.count), 1);
    // A share is of the visits the step compared with counted. A step that counts more (responses sent other
    // ways than the respond page, a slide reached without answering or past a branch) is no share of them.
    const share = (count: number, of: number) => (count <= of && of > 0 ? values.percent(count / of) : "—");
    const hidesShare = steps.some((step, index) => index > 0 && step.count > Math.min(opened, steps[index - 1]!.count));
    body = (
      <>
        <table className="w-full text-sm">
          <caption className="sr-only">{t("adminResponses.funnel.title")}</caption>
          <thead>
            <tr className="text-left text-body/70">
              <th scope="col" className="py-1 pr-2 font-normal">
                {t("adminResponses.funnel.step")}
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-normal">
                {t("adminResponses.funnel.count")}
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-normal">
                {t("adminResponses.funnel.ofOpened")}
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                {t("adminResponses.funnel.ofPrevious")}
              </th>
            </tr>
          </thead>
          <tbody>
            {steps.map((step, index) => (
              <tr key={step.key} className="border-t border-body/10 align-top">
                <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                  <span className="break-words">{step.label}</span>
                  <span aria-hidden className="mt-1 block h-1.5 rounded-full bg-primary/15">
                    <span
                      className="block h-full rounded-full bg-primary"
                      style={{ width: `${(step.count / widest) * 100}%` }}
                    />
                  </span>
                </th>
                <td className="py-1.5 pr-2 text-right font-semibold tabular-nums">
                  {values.format.number(step.count)}
                </td>
                <td className="py-1.5 pr-2 text-right tabular-nums">{index === 0 ? "" : share(step.count, opened)}</td>
                <td className="py-1.5 text-right tabular-nums">
                  {index === 0 ? "" : share(step.count, steps[index - 1]!.count)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {hidesShare && <p className="text-sm text-body/70">{t("adminResponses.funnel.moreThanBefore")}</p>}
        {firstDay && lastDay && (
          <p className="text-sm text-body/70">
            {t("adminResponses.funnel.days", { from: values.date(firstDay), to: values.date(lastDay) })}
          </p>
        )}
      </>
    );
  }

  return (
    <section
      aria-labelledby="summary-funnel"
      aria-busy={funnel.isFetching || undefined}
      className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 sm:p-5"
    >
      <div>
        <h3 id="summary-funnel" className="font-semibold">
          {t("adminResponses.funnel.title")}
        </h3>
        <p className="text-sm text-body/70">{t("adminResponses.funnel.note")}</p>
      </div>
      {body}
    </section>
  );
}
