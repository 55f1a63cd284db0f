import { useTranslation } from "react-i18next";
import { ListChecks } from "lucide-react";
import { messageForError } from "../../../../api/error-messages";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { ProgressMeter } from "../../../../ui/progress-meter";
import { CsvFilePicker } from "./csv-file-picker";
import type { CsvProblem, ParsedCsv } from "./parse-csv";

interface FileStepProps {
  csv: ParsedCsv | null;
  problem: CsvProblem | null;
  isReading: boolean;
  onFile: (file: File) => void;
  maxRows: number;
  maxMegabytes: number;
  /** The heading's level: the step sits under the page's h1 or under a tab's h2. */
  headingLevel?: "h2" | "h3";
}

/** Step 1 of a CSV import: choose the file, with its limits, what was found or why it cannot be read. */
export function FileStep({
  csv,
  problem,
  isReading,
  onFile,
  maxRows,
  maxMegabytes,
  headingLevel = "h2",
}: FileStepProps) {
  const { t, i18n } = useTranslation();
  const format = (value: number) => value.toLocaleString(i18n.language);
  const Heading = headingLevel;
  const problemText = (value: CsvProblem) =>
    value === "tooManyRows"
      ? t("admin.contacts.import.problems.tooManyRows", { max: format(maxRows) })
      : value === "tooLarge"
        ? t("admin.contacts.import.problems.tooLarge", { max: maxMegabytes })
        : t(`admin.contacts.import.problems.${value}`);
  return (
    <Card className="space-y-4">
      <Heading className="text-lg font-semibold">{t("admin.contacts.import.fileStep")}</Heading>
      <CsvFilePicker isReading={isReading} hasFile={csv !== null} onFile={onFile} />
      <p className="text-sm text-body/70">
        {t("admin.contacts.import.limits", { max: format(maxRows), size: maxMegabytes })}
      </p>
      {problem && <Alert variant="error">{problemText(problem)}</Alert>}
      {csv && !problem && (
        <p role="status" className="text-sm">
          <span className="font-semibold break-all">{csv.fileName}</span>
          {" · "}
          {t("admin.contacts.import.rowCount", { number: format(csv.records.length) })}
        </p>
      )}
    </Card>
  );
}

interface CheckControlsProps {
  rowCount: number;
  isPending: boolean;
  error: unknown;
  /** A preview is shown: checking again is no longer the main action. */
  hasPreview: boolean;
  onCheck: () => void;
}

/** The check of a mapped file: the button, its progress while the server reads the rows, and its failure. */
export function CheckControls({ rowCount, isPending, error, hasPreview, onCheck }: CheckControlsProps) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {isPending && (
        <ProgressMeter
          label={t("admin.contacts.import.checkingLabel")}
          valueText={t("admin.contacts.import.checking", { number: rowCount.toLocaleString(i18n.language) })}
        />
      )}
      {error !== null && error !== undefined && <Alert variant="error">{t(messageForError(error))}</Alert>}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant={hasPreview ? "secondary" : "primary"}
          size="sm"
          isLoading={isPending}
          icon={<ListChecks aria-hidden className="size-4" />}
          onClick={onCheck}
        >
          {t("admin.contacts.import.check")}
        </Button>
        <p className="text-sm text-body/70">{t("admin.contacts.import.checkHint")}</p>
      </div>
    </>
  );
}
