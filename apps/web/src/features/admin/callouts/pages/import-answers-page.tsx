import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import type { ResponseImportResult } from "@cohort/common/callouts";
import { MAX_RESPONSE_IMPORT_ROWS, RESPONSE_IMPORT_BODY_LIMIT } from "@cohort/common/callouts";
import { messageForError } from "../../../../api/error-messages";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { linkClass } from "../../../../ui/class-names";
import { buildImportRows } from "../../shared/csv-import/column-mapping";
import { ColumnMappingTable } from "../../shared/csv-import/column-mapping-table";
import { FileStep, FinishedStep, MappingStep, PreviewStep, RefusedRows } from "../../shared/csv-import/import-steps";
import { ImportProgress } from "../../shared/csv-import/import-progress";
import type { CsvProblem, ParsedCsv } from "../../shared/csv-import/parse-csv";
import { parseCsvFile } from "../../shared/csv-import/parse-csv";
import { useRouteCallout } from "../hooks/use-route-callout";
import { ImportTally, RefusalsTable, RowsPreview, useColumnName } from "../responses/import/import-report";
import type { TargetMapping } from "../responses/import/import-targets";
import { autoMapTargets, importTargets, repeatedTargets } from "../responses/import/import-targets";
import { useAnswerImport, useAnswerImportCheck } from "../responses/import/use-answer-import";

const MAX_FILE_MEGABYTES = RESPONSE_IMPORT_BODY_LIMIT / 1024 / 1024;

/** `/admin/callouts/view/:id/responses/import`: answers collected elsewhere, from a CSV file, into the inbox. */
export function ImportAnswersPage() {
  const { t, i18n } = useTranslation();
  const callout = useRouteCallout();
  const errorId = useId();
  const targets = useMemo(() => importTargets(callout.formSchema), [callout.formSchema]);
  const columnName = useColumnName(targets);
  const [csv, setCsv] = useState<ParsedCsv | null>(null);
  const [problem, setProblem] = useState<CsvProblem | null>(null);
  const [isReading, setIsReading] = useState(false);
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

  const handleFile = async (file: File) => {
    check.reset();
    run.reset();
    setIsReading(true);
    setProblem(null);
    const read =
      file.size > RESPONSE_IMPORT_BODY_LIMIT
        ? { ok: false as const, problem: "tooLarge" as const }
        : await parseCsvFile(file).catch(() => ({ ok: false as const, problem: "unreadable" as const }));
    setIsReading(false);
    const tooMany = read.ok && read.csv.records.length > MAX_RESPONSE_IMPORT_ROWS;
    if (!read.ok || tooMany) {
      setCsv(null);
      setProblem(read.ok ? "tooManyRows" : read.problem);
      return;
    }
    setCsv(read.csv);
    setMapping(autoMapTargets(read.csv.headers, targets));
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
      <Link to={backTo} className={`${linkClass} inline-flex items-center gap-1.5 text-sm`}>
        <ArrowLeft aria-hidden className="size-4" />
        {t("adminResponses.import.back")}
      </Link>
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
          onAnother={() => {
            check.reset();
            run.reset();
            setCsv(null);
          }}
        >
          <ImportTally result={outcome.result} isDone />
          {outcome.result.errors.length > 0 && <RefusalsTable errors={outcome.result.errors} targets={targets} />}
        </FinishedStep>
      ) : (
        <>
          <FileStep
            csv={csv}
            problem={problem}
            isReading={isReading}
            onFile={(file) => void handleFile(file)}
            maxRows={MAX_RESPONSE_IMPORT_ROWS}
            maxMegabytes={MAX_FILE_MEGABYTES}
            headingLevel="h3"
          />

          {csv && (
            <MappingStep
              intro={t("adminResponses.import.mapIntro")}
              headingLevel="h3"
              problemsId={errorId}
              problems={
                <>
                  {mappedColumns.length === 0 && (
                    <Alert variant="error">{t("adminResponses.import.nothingMapped")}</Alert>
                  )}
                  {repeated.length > 0 && <Alert variant="error">{t("adminResponses.import.repeated")}</Alert>}
                </>
              }
              rowCount={rows.length}
              isPending={check.isPending}
              error={check.error}
              hasPreview={preview !== undefined}
              onCheck={handleCheck}
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
                onChange={(next) => {
                  setMapping(next);
                  check.reset();
                }}
              />
            </MappingStep>
          )}

          {csv && preview && (
            <PreviewStep
              title={t("adminResponses.import.previewTitle")}
              headingLevel="h3"
              canImport={preview.imported > 0}
              confirmTitle={t("adminResponses.import.confirmTitle")}
              confirmDescription={t("adminResponses.import.confirmDescription", { imported: format(preview.imported) })}
              onImport={() => void handleImport(preview)}
            >
              <ImportTally result={preview} />
              <RowsPreview rows={rows} columns={mappedColumns} errors={preview.errors} targets={targets} />
              <RefusedRows
                count={preview.errors.length}
                title={t("adminResponses.import.refusedTitle")}
                intro={t("adminResponses.import.refusedIntro")}
                headingLevel="h4"
              >
                <RefusalsTable errors={preview.errors} targets={targets} />
              </RefusedRows>
            </PreviewStep>
          )}
        </>
      )}
    </div>
  );
}
