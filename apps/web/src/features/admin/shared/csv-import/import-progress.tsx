import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { CircleStop } from "lucide-react";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { ProgressMeter } from "../../../../ui/progress-meter";
import { IMPORT_BATCH_ROWS } from "./send-in-batches";

interface ImportProgressProps {
  done: number;
  total: number;
  isStopping: boolean;
  onStop: () => void;
  /** The heading; contacts' when none. */
  title?: string | undefined;
  /** The heading's level: the progress sits under the page's h1 or under a tab's h2. */
  headingLevel?: "h2" | "h3";
}

/** The import under way: rows in so far, and a way to stop after the current batch. */
export function ImportProgress({ done, total, isStopping, onStop, title, headingLevel = "h2" }: ImportProgressProps) {
  const { t, i18n } = useTranslation();
  const format = (value: number) => value.toLocaleString(i18n.language);
  const Heading = headingLevel;

  // Leaving the page would stop the import half way without saying so.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, []);

  return (
    <Card className="space-y-4" aria-busy>
      <Heading className="text-lg font-semibold">{title ?? t("admin.contacts.import.progressTitle")}</Heading>
      <p className="text-sm text-body/75">
        {t("admin.contacts.import.progressHint", { size: format(IMPORT_BATCH_ROWS) })}
      </p>
      <ProgressMeter
        label={t("admin.contacts.import.progressLabel")}
        value={done}
        max={total}
        valueText={t("admin.contacts.import.progress", { done: format(done), total: format(total) })}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          isLoading={isStopping}
          icon={<CircleStop aria-hidden className="size-4" />}
          onClick={onStop}
        >
          {t("admin.contacts.import.stop")}
        </Button>
        {isStopping && (
          <p role="status" className="text-sm">
            {t("admin.contacts.import.stopping")}
          </p>
        )}
      </div>
    </Card>
  );
}
