import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ResponseImportResult } from "@cohort/common/callouts";
import { MAX_RESPONSE_IMPORT_ROWS, RESPONSE_IMPORT_BODY_LIMIT } from "@cohort/common/callouts";
import { messageForError } from "../../../../api/error-messages";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { buildImportRows } from "../../shared/csv-import/column-mapping";
import { ColumnMappingTable } from "../../shared/csv-import/column-mapping-table";
import { FileStep, FinishedStep, MappingStep, PreviewStep, RefusedRows } from "../../shared/csv-import/import-steps";
import { ImportProgress } from "../../shared/csv-import/import-progress";
import type { ParsedCsv, ParseOutcome } from "../../shared/csv-import/parse-csv";
import { useCsvFile } from "../../shared/csv-import/use-csv-file";
import { parseCsvFile } from "../../shared/csv-import/parse-csv";
import { useRouteCallout } from "../hooks/use-route-callout";
import { ImportTally, RefusalsTable, RowsPreview, useColumnName } from "../responses/import/import-report";
import type { AnswerImportRow, ImportTarget, TargetMapping } from "../responses/import/import-targets";
import { autoMapTargets, importTargets, repeatedTargets } from "../responses/import/import-targets";
import type { AnswerImportOutcome } from "../responses/import/use-answer-import";
import { BackLink } from "../../shared/detail-page";
import { useAnswerImport, useAnswerImportCheck } from "../responses/import/use-answer-import";

const MAX_FILE_MEGABYTES = RESPONSE_IMPORT_BODY_LIMIT / 1024 / 1024;

/** Reads the file, refusing one over the size or row limit. */
async function readAnswersFile(file: File): Promise<ParseOutcome> {
  if (file.size > RESPONSE_IMPORT_BODY_LIMIT) return { ok: false, problem: "tooLarge" };
  const read = await parseCsvFile(file).catch((): ParseOutcome => ({ ok: false, problem: "unreadable" }));
  return read.ok && read.csv.records.length > MAX_RESPONSE_IMPORT_ROWS ? { ok: false, problem: "tooManyRows" } : read;
}

/** `/admin/callouts/view/:id/responses/import`: answers collected elsewhere, from a CSV file, into the inbox. */
export function ImportAnswersPage() {
  const { t, i18n } = useTranslation();
  const callout = useRouteCallout();
  const errorId = useId();
  const targets = useMemo(() => importTargets(callout.formSchema), [callout.formSchema]);
  const file = useCsvFile();
  const { csv } = file;
  const [mapping, setMapping] = useState<TargetMapping>([]);
  const check = useAnswerImportCheck(callout.id);
  const run = useAnswerImport(callout.id);
  const outcome = run.state.phase === "finished" ? run.state.outcome : null;
  const rows = useMemo(() => (csv ? buildImportRows(csv.records, csv.headers, mapping) : []), [csv, mapping]);
  const mappedColumns = mapping.filter((column): column is string => column !== null);
  const repeated = repeatedTargets(mapping);
  const preview = check.data;
  const format = (value: number) => value.toLocaleString(i18n.language);
  const backTo = `/admin/callouts/view/${callout.id}/responses`;

  const handleFile = async (chosen: File) => {
    check.reset();
    run.reset();
    await file.read(
      () => readAnswersFile(chosen),
      (read) => setMapping(autoMapTargets(read.headers, targets)),
    );
  };

  const handleCheck = () => {
    if (mappedColumns.length === 0 || repeated.length > 0) {
      document.getElementById(errorId)?.focus();
      return;
    }
    check.mutate(rows);
  };

  const handleImport = async (checked: ResponseImportResult) => {
    const ended = await run.start(rows, checked);
    if (!ended) return;
    notifications.addToast({
      variant: ended.end === "complete" ? "success" : "warning",
      title: t(`adminResponses.import.ends.${ended.end}`),
      description: t("adminResponses.import.summary", {
        imported: format(ended.result.imported),
        skipped: format(ended.result.skipped),
      }),
    });
  };

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <BackLink to={backTo}>{t("adminResponses.import.back")}</BackLink>
      <header className="space-y-1">
        <h2 className="text-2xl font-bold tracking-tight">{t("adminResponses.import.title")}</h2>
        <p className="text-body/75">{t("adminResponses.import.intro")}</p>
      </header>

      {run.state.phase === "running" ? (
        <ImportProgress
          title={t("adminResponses.import.progressTitle")}
          headingLevel="h3"
          done={run.state.done}
          total={run.state.total}
          isStopping={run.state.isStopping}
          onStop={run.stop}
        />
      ) : outcome ? (
        <AnswersFinishedStep
          outcome={outcome}
          targets={targets}
          backTo={backTo}
          onAnother={() => {
            check.reset();
            run.reset();
            file.clear();
          }}
        />
      ) : (
        <>
          <FileStep
            csv={csv}
            problem={file.problem}
            isReading={file.isReading}
            onFile={(chosen) => void handleFile(chosen)}
            maxRows={MAX_RESPONSE_IMPORT_ROWS}
            maxMegabytes={MAX_FILE_MEGABYTES}
            headingLevel="h3"
          />

          {csv && (
            <AnswersMappingStep
              csv={csv}
              mapping={mapping}
              rowCount={rows.length}
              targets={targets}
              errorId={errorId}
              check={check}
              onCheck={handleCheck}
              onChange={(next) => {
                setMapping(next);
                check.reset();
              }}
            />
          )}

          {csv && preview && (
            <AnswersPreviewStep
              preview={preview}
              rows={rows}
              columns={mappedColumns}
              targets={targets}
              onImport={() => void handleImport(preview)}
            />
          )}
        </>
      )}
    </div>
  );
}

interface AnswersMappingStepProps {
  csv: ParsedCsv;
  mapping: TargetMapping;
  rowCount: number;
  targets: ImportTarget[];
  errorId: string;
  check: ReturnType<typeof useAnswerImportCheck>;
  onCheck: () => void;
  onChange: (mapping: TargetMapping) => void;
}

/** Which question or detail each column fills, with what is wrong with the choice. */
function AnswersMappingStep({
  csv,
  mapping,
  rowCount,
  targets,
  errorId,
  check,
  onCheck,
  onChange,
}: AnswersMappingStepProps) {
  const { t } = useTranslation();
  const columnName = useColumnName(targets);
  const mappedColumns = mapping.filter((column): column is string => column !== null);
  const repeated = repeatedTargets(mapping);
  const preview = check.data;
  return (
    <MappingStep
      intro={t("adminResponses.import.mapIntro")}
      headingLevel="h3"
      problemsId={errorId}
      problems={
        <>
          {mappedColumns.length === 0 && <Alert variant="error">{t("adminResponses.import.nothingMapped")}</Alert>}
          {repeated.length > 0 && <Alert variant="error">{t("adminResponses.import.repeated")}</Alert>}
        </>
      }
      rowCount={rowCount}
      isPending={check.isPending}
      error={check.error}
      hasPreview={preview !== undefined}
      onCheck={onCheck}
    >
      <ColumnMappingTable
        headers={csv.headers}
        records={csv.records}
        choices={targets.map((target) => ({ value: target.column, label: columnName(target.column) }))}
        mapping={mapping}
        repeated={repeated}
        choiceHeading={t("adminResponses.import.target")}
        selectLabel={(column) => t("adminResponses.import.targetFor", { column })}
        errorId={errorId}
        onChange={onChange}
      />
    </MappingStep>
  );
}

interface AnswersPreviewStepProps {
  preview: ResponseImportResult;
  rows: readonly AnswerImportRow[];
  columns: string[];
  targets: ImportTarget[];
  onImport: () => void;
}

/** What the import would do: the counts, the rows as they would be read and the rows refused. */
function AnswersPreviewStep({ preview, rows, columns, targets, onImport }: AnswersPreviewStepProps) {
  const { t, i18n } = useTranslation();
  const format = (value: number) => value.toLocaleString(i18n.language);
  return (
    <PreviewStep
      title={t("adminResponses.import.previewTitle")}
      headingLevel="h3"
      canImport={preview.imported > 0}
      confirmTitle={t("adminResponses.import.confirmTitle")}
      confirmDescription={t("adminResponses.import.confirmDescription", { imported: format(preview.imported) })}
      onImport={onImport}
    >
      <ImportTally result={preview} />
      <RowsPreview rows={rows} columns={columns} errors={preview.errors} targets={targets} />
      <RefusedRows
        count={preview.errors.length}
        title={t("adminResponses.import.refusedTitle")}
        intro={t("adminResponses.import.refusedIntro")}
        headingLevel="h4"
      >
        <RefusalsTable errors={preview.errors} targets={targets} />
      </RefusedRows>
    </PreviewStep>
  );
}

interface AnswersFinishedStepProps {
  outcome: AnswerImportOutcome;
  targets: ImportTarget[];
  backTo: string;
  onAnother: () => void;
}

/** How the import ended, what went in and the rows refused. */
function AnswersFinishedStep({ outcome, targets, backTo, onAnother }: AnswersFinishedStepProps) {
  const { t, i18n } = useTranslation();
  const format = (value: number) => value.toLocaleString(i18n.language);
  return (
    <FinishedStep
      end={outcome.end}
      title={t(`adminResponses.import.ends.${outcome.end}`)}
      text={
        t("adminResponses.import.summary", {
          imported: format(outcome.result.imported),
          skipped: format(outcome.result.skipped),
        }) + (outcome.error === undefined ? "" : ` ${t(messageForError(outcome.error))}`)
      }
      listPath={backTo}
      listLabel={t("adminResponses.import.viewResponses")}
      onAnother={onAnother}
    >
      <ImportTally result={outcome.result} isDone />
      {outcome.result.errors.length > 0 && <RefusalsTable errors={outcome.result.errors} targets={targets} />}
    </FinishedStep>
  );
}
