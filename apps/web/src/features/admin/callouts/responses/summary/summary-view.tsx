import { Suspense, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ImageDown, RotateCcw } from "lucide-react";
import type { ComponentSummary } from "@cohort/common/callouts";
import type { RuleGroup } from "@cohort/common/filters";
import { responseSummaryCsvUrl, responseSummaryQueryOptions } from "../../../../../api/callout-responses";
import { messageForError } from "../../../../../api/error-messages";
import type { Formatters } from "../../../../../app/i18n/use-formatters";
import { notifications } from "../../../../../app/notifications/notification-store";
import { Alert } from "../../../../../ui/alert";
import { Button } from "../../../../../ui/button";
import { Skeleton } from "../../../../../ui/skeleton";
import { Spinner } from "../../../../../ui/spinner";
import { LazyPointsMap, mapConfigQueryOptions, mapStyleUrl } from "../../../../callouts";
import { CsvDownloadButton } from "../../../shared/csv-download-button";
import { saveFile } from "../../../shared/csv-progress";
import type { Bar } from "./bar-chart";
import { BarChart } from "./bar-chart";
import { svgToPngBlob } from "./chart-png";
import { CalloutFunnelView } from "./funnel-view";
import { useValueFormat, type ValueFormat } from "./use-value-format";

interface SummaryCallout {
  id: string;
  slug: string;
  responseViewSchema?: { map?: unknown } | null | undefined;
}

interface ResponseSummaryViewProps {
  callout: SummaryCallout;
  /** What the table shows: the bucket, the filter and the search. */
  rules: RuleGroup;
}

const share = (count: number, of: number) => (of > 0 ? count / of : 0);

/** The bars of a chart, for the inputs that have one. */
function barsOf(item: ComponentSummary, values: ValueFormat, t: (key: string) => string): Bar[] | null {
  switch (item.kind) {
    case "choice":
      return item.options.map((option) => ({
        label:
          item.type === "checkbox"
            ? t(option.value === "true" ? "adminResponses.summary.ticked" : "adminResponses.summary.unticked")
            : option.label,
        count: option.count,
        share: share(option.count, item.answered),
      }));
    case "number":
      return item.buckets.map((bucket) => ({
        label:
          bucket.from === bucket.to
            ? values.amount(bucket.from, item.currency)
            : `${values.amount(bucket.from, item.currency)} – ${values.amount(bucket.to, item.currency)}`,
        count: bucket.count,
        share: share(bucket.count, item.answered),
      }));
    case "date":
      return item.buckets.map((bucket) => ({
        label:
          bucket.from === bucket.to
            ? values.date(bucket.from)
            : `${values.date(bucket.from)} – ${values.date(bucket.to)}`,
        count: bucket.count,
        share: share(bucket.count, item.answered),
      }));
    case "text":
      return item.words.length > 0 ? item.words.map((word) => ({ label: word.text, count: word.count })) : null;
    default:
      return null;
  }
}

function Figures({ item, values }: { item: ComponentSummary; values: ValueFormat }) {
  const { t } = useTranslation();
  if (item.kind !== "number" && item.kind !== "date") return null;
  const show = (value: number | string | null) =>
    value === null
      ? "—"
      : typeof value === "string"
        ? values.date(value)
        : values.amount(value, item.kind === "number" ? item.currency : undefined);
  return (
    <dl className="grid grid-cols-3 gap-2 text-sm">
      {(["min", "median", "max"] as const).map((measure) => (
        <div key={measure} className="rounded-lg bg-body/5 p-2">
          <dt className="text-body/70">{t(`adminResponses.summary.${measure}`)}</dt>
          <dd className="font-semibold tabular-nums">{show(item[measure])}</dd>
        </div>
      ))}
    </dl>
  );
}

function TextExtras({ item, format }: { item: Extract<ComponentSummary, { kind: "text" }>; format: Formatters }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div>
        <h4 className="text-sm font-semibold">{t("adminResponses.summary.phrases")}</h4>
        {item.phrases.length === 0 ? (
          <p className="text-sm text-body/70">{t("adminResponses.summary.noPhrases")}</p>
        ) : (
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {item.phrases.map((phrase) => (
              <li key={phrase.text} className="rounded-full bg-body/8 px-2.5 py-0.5 text-sm">
                {phrase.text} <span className="text-body/70 tabular-nums">{format.number(phrase.count)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h4 className="text-sm font-semibold">{t("adminResponses.summary.recent")}</h4>
        <ul className="mt-1 space-y-1.5">
          {item.recent.map((answer) => (
            <li key={answer.number} className="text-sm break-words">
              <span className="font-semibold tabular-nums">#{answer.number}</span> {answer.text}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function AddressMap({
  item,
  callout,
}: {
  item: Extract<ComponentSummary, { kind: "address" }>;
  callout: SummaryCallout;
}) {
  const { t } = useTranslation();
  const config = useQuery(mapConfigQueryOptions());
  if (item.points.length === 0) return null;
  if (config.isPending) return <Skeleton className="h-64 w-full" />;
  const settings = callout.responseViewSchema?.map as Parameters<typeof mapStyleUrl>[0];
  return (
    <Suspense fallback={<Skeleton className="h-64 w-full" />}>
      <LazyPointsMap
        key={JSON.stringify(item.points)}
        styleUrl={mapStyleUrl(settings ?? null, config.data)}
        points={item.points}
        label={t("adminResponses.summary.mapLabel", { question: item.label })}
      />
    </Suspense>
  );
}

function SummaryCard({
  item,
  total,
  callout,
  rules,
  values,
}: {
  item: ComponentSummary;
  total: number;
  callout: SummaryCallout;
  rules: RuleGroup;
  values: ValueFormat;
}) {
  const { t } = useTranslation();
  const chart = useRef<SVGSVGElement>(null);
  const [isDrawing, setIsDrawing] = useState(false);
  const bars = barsOf(item, values, t);
  const headingId = `summary-${item.key.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  const fileName = `summary-${callout.slug}-${item.key}`.replace(/[^A-Za-z0-9_-]/g, "-");

  const downloadPng = async () => {
    if (!chart.current) return;
    setIsDrawing(true);
    try {
      saveFile(await svgToPngBlob(chart.current), `${fileName}.png`);
    } catch {
      notifications.addToast({ variant: "error", title: t("adminResponses.summary.pngFailed") });
    } finally {
      setIsDrawing(false);
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 sm:p-5"
      data-summary-key={item.key}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="font-semibold break-words">
            {item.label}
          </h3>
          <p className="text-sm text-body/70">
            {t("adminResponses.summary.answered", {
              number: values.format.number(item.answered),
              total: values.format.number(total),
              percent: values.percent(share(item.answered, total)),
            })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {bars && (
            <Button
              size="sm"
              variant="secondary"
              icon={<ImageDown aria-hidden className="size-4" />}
              isLoading={isDrawing}
              aria-label={t("adminResponses.summary.downloadPngOf", { question: item.label })}
              onClick={() => void downloadPng()}
            >
              {t("adminResponses.summary.downloadPng")}
            </Button>
          )}
          <CsvDownloadButton
            href={responseSummaryCsvUrl(callout.id, rules, item.key)}
            expectedRows={undefined}
            label={t("adminResponses.summary.downloadCsv")}
            accessibleLabel={t("adminResponses.summary.downloadCsvOf", { question: item.label })}
            fallbackName={`${fileName}.csv`}
          />
        </div>
      </div>
      <Figures item={item} values={values} />
      {bars && bars.length > 0 && (
        <>
          {item.kind === "text" && <h4 className="text-sm font-semibold">{t("adminResponses.summary.words")}</h4>}
          <BarChart ref={chart} title={item.label} bars={bars} formatValue={values.bar} />
        </>
      )}
      {item.kind === "text" && <TextExtras item={item} format={values.format} />}
      {item.kind === "address" && (
        <>
          <p className="text-sm">
            {t("adminResponses.summary.located", { number: values.format.number(item.points.length) })}
          </p>
          <AddressMap item={item} callout={callout} />
        </>
      )}
    </section>
  );
}

/**
 * The summary of answers beside the responses table: how far visits got
 * through the form, then each input of the form in order, over the responses
 * the table's bucket, filter and search select.
 */
export function ResponseSummaryView({ callout, rules }: ResponseSummaryViewProps) {
  return (
    <div className="space-y-4">
      <CalloutFunnelView calloutId={callout.id} rules={rules} />
      <AnswersSummary callout={callout} rules={rules} />
    </div>
  );
}

function AnswersSummary({ callout, rules }: ResponseSummaryViewProps) {
  const { t } = useTranslation();
  const values = useValueFormat();
  const summary = useQuery(responseSummaryQueryOptions(callout.id, rules));

  if (summary.isPending) {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">{t("common.loading")}</span>
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (summary.isError) {
    return (
      <Alert variant="error" title={t(messageForError(summary.error))}>
        <div className="mt-3">
          <Button
            size="sm"
            variant="secondary"
            icon={<RotateCcw aria-hidden className="size-4" />}
            onClick={() => void summary.refetch()}
          >
            {t("common.retry")}
          </Button>
        </div>
      </Alert>
    );
  }
  const { total, components } = summary.data;
  return (
    <div className="space-y-4" aria-busy={summary.isPlaceholderData || undefined}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm">
          {t("adminResponses.summary.total", { number: values.format.number(total) })}
          {summary.isFetching && <Spinner className="size-4" />}
        </p>
        <CsvDownloadButton
          href={responseSummaryCsvUrl(callout.id, rules)}
          expectedRows={undefined}
          label={t("adminResponses.summary.downloadAll")}
          fallbackName={`summary-${callout.slug}.csv`}
        />
      </div>
      {components.length === 0 ? (
        <p className="text-body/70">{t("adminResponses.summary.noInputs")}</p>
      ) : (
        components.map((item) => (
          <SummaryCard key={item.key} item={item} total={total} callout={callout} rules={rules} values={values} />
        ))
      )}
    </div>
  );
}
