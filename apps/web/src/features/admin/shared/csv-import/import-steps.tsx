import type { ReactNode } from "react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ListChecks, Upload } from "lucide-react";
import { messageForError } from "../../../../api/error-messages";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { linkButtonClass } from "../../../../ui/link-button-class";
import { ProgressMeter } from "../../../../ui/progress-meter";
import { CsvFilePicker } from "./csv-file-picker";
import type { CsvProblem, ParsedCsv } from "./parse-csv";
import type { ImportEnd } from "./send-in-batches";

/** The level of a step's heading: the step sits under the page's h1 or under a tab's h2. */
type HeadingLevel = "h2" | "h3";

interface FileStepProps {
  csv: ParsedCsv | null;
  problem: CsvProblem | null;
  isReading: boolean;
  onFile: (file: File) => void;
  maxRows: number;
  maxMegabytes: number;
  headingLevel?: HeadingLevel;
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
function CheckControls({ rowCount, isPending, error, hasPreview, onCheck }: CheckControlsProps) {
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

interface MappingStepProps extends CheckControlsProps {
  intro: string;
  headingLevel?: HeadingLevel;
  /** The column table. */
  children: ReactNode;
  /** Where the check moves the focus when the columns cannot be checked as they are matched. */
  problemsId: string;
  /** What is wrong with how the columns are matched, as alerts. */
  problems: ReactNode;
}

/** Step 2 of a CSV import: match the columns, see what is wrong with the match, and check the file. */
export function MappingStep({
  intro,
  headingLevel = "h2",
  children,
  problemsId,
  problems,
  ...check
}: MappingStepProps) {
  const { t } = useTranslation();
  const Heading = headingLevel;
  return (
    <Card className="space-y-4">
      <div className="space-y-1">
        <Heading className="text-lg font-semibold">{t("admin.contacts.import.mapStep")}</Heading>
        <p className="text-sm text-body/75">{intro}</p>
      </div>
      {children}
      <div id={problemsId} tabIndex={-1} className="space-y-2 focus:outline-none">
        {problems}
      </div>
      <CheckControls {...check} />
    </Card>
  );
}

interface PreviewStepProps {
  title: string;
  headingLevel?: HeadingLevel;
  /** What the check found: counts, what would change, the refused rows. */
  children: ReactNode;
  /** The check found at least one row to import. */
  canImport: boolean;
  confirmTitle: string;
  confirmDescription: string;
  onImport: () => void;
}

/** Step 3 of a CSV import: what the check found, and the import itself once confirmed. */
export function PreviewStep({
  title,
  headingLevel = "h2",
  children,
  canImport,
  confirmTitle,
  confirmDescription,
  onImport,
}: PreviewStepProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [isConfirming, setIsConfirming] = useState(false);
  const Heading = headingLevel;
  return (
    <Card className="space-y-5" aria-labelledby={headingId}>
      <Heading id={headingId} className="text-lg font-semibold">
        {title}
      </Heading>
      {children}
      {!canImport && <Alert variant="warning">{t("admin.contacts.import.nothingToImport")}</Alert>}
      <Button
        size="sm"
        disabled={!canImport}
        icon={<Upload aria-hidden className="size-4" />}
        onClick={() => setIsConfirming(true)}
      >
        {t("admin.contacts.import.import")}
      </Button>
      <ConfirmDialog
        isOpen={isConfirming}
        title={confirmTitle}
        description={confirmDescription}
        confirmLabel={t("admin.contacts.import.confirm")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        variant="primary"
        onConfirm={() => {
          setIsConfirming(false);
          onImport();
        }}
        onClose={() => setIsConfirming(false)}
      />
    </Card>
  );
}

interface RefusedRowsProps {
  /** Rows the check refused. */
  count: number;
  title: string;
  intro: string;
  /** The heading's level, one below the step's. */
  headingLevel: "h3" | "h4";
  /** The table of refused rows. */
  children: ReactNode;
}

/** The refused rows of a check under their heading, or that none was refused. */
export function RefusedRows({ count, title, intro, headingLevel, children }: RefusedRowsProps) {
  const { t } = useTranslation();
  const Heading = headingLevel;
  if (count === 0) return <Alert variant="success">{t("admin.contacts.import.noErrors")}</Alert>;
  return (
    <div className="space-y-2">
      <Heading className="font-semibold">{title}</Heading>
      <p className="text-sm text-body/75">{intro}</p>
      {children}
    </div>
  );
}

const endVariants = { complete: "success", stopped: "warning", failed: "error" } as const;

interface FinishedStepProps {
  end: ImportEnd;
  title: string;
  /** What went in, and why it stopped when it did not all go in. */
  text: string;
  /** The counts and the refused rows. */
  children: ReactNode;
  /** Where the imported rows are listed, and the link's text. */
  listPath: string;
  listLabel: string;
  onAnother: () => void;
}

/** The end of a CSV import: how it ended, what went in, and where to go next. */
export function FinishedStep({ end, title, text, children, listPath, listLabel, onAnother }: FinishedStepProps) {
  const { t } = useTranslation();
  return (
    <Card className="space-y-5">
      <Alert variant={endVariants[end]} title={title}>
        {text}
      </Alert>
      {children}
      <div className="flex flex-wrap gap-2">
        <Link to={listPath} className={linkButtonClass("primary", "sm")}>
          {listLabel}
        </Link>
        <Button variant="secondary" size="sm" onClick={onAnother}>
          {t("admin.contacts.import.another")}
        </Button>
      </div>
    </Card>
  );
}
