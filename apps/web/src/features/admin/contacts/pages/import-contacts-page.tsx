import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ImportResult } from "@cohort/common/contacts";
import { contactImportFields, MAX_IMPORT_ROWS } from "@cohort/common/contacts";
import { messageForError } from "../../../../api/error-messages";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { buildImportRows } from "../../shared/csv-import/column-mapping";
import { ColumnMappingTable } from "../../shared/csv-import/column-mapping-table";
import { FileStep, FinishedStep, MappingStep, PreviewStep, RefusedRows } from "../../shared/csv-import/import-steps";
import { importFieldLabel, isImportField } from "../import/field-labels";
import type { ColumnMapping, ImportRow } from "../import/import-mapping";
import { autoMapColumns, isMappingValid, mappingProblems } from "../import/import-mapping";
import type { ImportOutcome } from "../import/batched-import";
import { ImportChangesTable, ImportCounts, ImportErrorsTable } from "../import/import-preview";
import { ImportProgress } from "../../shared/csv-import/import-progress";
import type { ParsedCsv } from "../../shared/csv-import/parse-csv";
import { useCsvFile } from "../../shared/csv-import/use-csv-file";
import { parseCsvFile } from "../../shared/csv-import/parse-csv";
import { BackLink } from "../../shared/detail-page";
import { useBatchedImport, useImportCheck } from "../import/use-contact-import";

const MAX_FILE_MEGABYTES = 50;

/** Adds and updates contacts from a CSV file: choose, match the columns, check, import. */
export function ImportContactsPage() {
  const { t, i18n } = useTranslation();
  const mappingErrorId = useId();
  const file = useCsvFile();
  const { csv } = file;
  const [mapping, setMapping] = useState<ColumnMapping>([]);
  const [showMappingErrors, setShowMappingErrors] = useState(false);
  const check = useImportCheck();
  const run = useBatchedImport();
  const outcome = run.state.phase === "finished" ? run.state.outcome : null;

  const rows = useMemo(() => (csv ? buildImportRows(csv.records, csv.headers, mapping) : []), [csv, mapping]);
  const preview = check.data;
  const formatNumber = (value: number) => value.toLocaleString(i18n.language);

  const summaryValues = (result: ImportResult) => ({
    created: formatNumber(result.created),
    updated: formatNumber(result.updated),
    skipped: formatNumber(result.skipped),
    tags: formatNumber(result.tagsCreated),
  });

  const startOver = () => {
    check.reset();
    run.reset();
    setShowMappingErrors(false);
  };

  const handleFile = async (chosen: File) => {
    startOver();
    await file.read(
      () => parseCsvFile(chosen).catch(() => ({ ok: false as const, problem: "unreadable" as const })),
      (read) => setMapping(autoMapColumns(read.headers)),
    );
  };

  const handleMapping = (next: ColumnMapping) => {
    setMapping(next);
    // A preview for other columns would mislead.
    check.reset();
  };

  const handleCheck = () => {
    setShowMappingErrors(true);
    if (!isMappingValid(mapping)) {
      document.getElementById(mappingErrorId)?.focus();
      return;
    }
    check.mutate(rows);
  };

  const handleImport = async (checked: ImportResult) => {
    const ended = await run.start(rows, checked);
    if (!ended) return;
    notifications.addToast({
      variant: ended.end === "complete" ? "success" : "warning",
      title: t(`admin.contacts.import.ends.${ended.end}.toast`),
      description: t("admin.contacts.import.summary", summaryValues(ended.result)),
    });
  };

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <BackLink to="/admin/contacts">{t("admin.contacts.backToList")}</BackLink>
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">{t("admin.contacts.import.title")}</h1>
        <p className="text-body/75">{t("admin.contacts.import.intro")}</p>
      </header>

      {run.state.phase === "running" ? (
        <ImportProgress
          done={run.state.done}
          total={run.state.total}
          isStopping={run.state.isStopping}
          onStop={run.stop}
        />
      ) : outcome ? (
        <ContactsFinishedStep
          outcome={outcome}
          rows={rows}
          summaryValues={summaryValues}
          onAnother={() => {
            startOver();
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
            maxRows={MAX_IMPORT_ROWS}
            maxMegabytes={MAX_FILE_MEGABYTES}
          />

          {csv && (
            <ContactsMappingStep
              csv={csv}
              mapping={mapping}
              rowCount={rows.length}
              showMappingErrors={showMappingErrors}
              errorId={mappingErrorId}
              check={check}
              onCheck={handleCheck}
              onChange={handleMapping}
            />
          )}

          {csv && preview && (
            <ContactsPreviewStep
              preview={preview}
              rows={rows}
              summaryValues={summaryValues}
              onImport={() => void handleImport(preview)}
            />
          )}
        </>
      )}
    </div>
  );
}

interface ContactsMappingStepProps {
  csv: ParsedCsv;
  mapping: ColumnMapping;
  rowCount: number;
  showMappingErrors: boolean;
  errorId: string;
  check: ReturnType<typeof useImportCheck>;
  onCheck: () => void;
  onChange: (mapping: ColumnMapping) => void;
}

/** Which contact field each column fills, with what is wrong with the choice. */
function ContactsMappingStep({
  csv,
  mapping,
  rowCount,
  showMappingErrors,
  errorId,
  check,
  onCheck,
  onChange,
}: ContactsMappingStepProps) {
  const { t } = useTranslation();
  const problems = mappingProblems(mapping);
  const fieldChoices = contactImportFields.map((field) => ({ value: field, label: importFieldLabel(t, field) }));
  const preview = check.data;
  return (
    <MappingStep
      intro={t("admin.contacts.import.mapIntro")}
      problemsId={errorId}
      problems={
        <>
          {showMappingErrors && problems.isEmailMissing && (
            <Alert variant="error">{t("admin.contacts.import.emailMissing")}</Alert>
          )}
          {problems.duplicates.map((field) => (
            <Alert key={field} variant="error">
              {t("admin.contacts.import.duplicate", { field: importFieldLabel(t, field) })}
            </Alert>
          ))}
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
        choices={fieldChoices}
        mapping={mapping}
        repeated={problems.duplicates}
        choiceHeading={t("admin.contacts.import.field")}
        selectLabel={(column) => t("admin.contacts.import.fieldFor", { column })}
        errorId={errorId}
        onChange={(next) => onChange(next.map((value) => (value && isImportField(value) ? value : null)))}
      />
    </MappingStep>
  );
}

interface ContactsPreviewStepProps {
  preview: ImportResult;
  rows: readonly ImportRow[];
  summaryValues: (result: ImportResult) => Record<string, string>;
  onImport: () => void;
}

/** What the import would do: the counts, the changes to known contacts and the rows refused. */
function ContactsPreviewStep({ preview, rows, summaryValues, onImport }: ContactsPreviewStepProps) {
  const { t } = useTranslation();
  return (
    <PreviewStep
      title={t("admin.contacts.import.previewTitle")}
      canImport={preview.created + preview.updated > 0}
      confirmTitle={t("admin.contacts.import.confirmTitle")}
      confirmDescription={t("admin.contacts.import.confirmDescription", summaryValues(preview))}
      onImport={onImport}
    >
      <ImportCounts result={preview} />
      {preview.changes.length > 0 && (
        <div className="space-y-2">
          <h3 className="font-semibold">{t("admin.contacts.import.changesTitle")}</h3>
          <p className="text-sm text-body/75">{t("admin.contacts.import.changesIntro")}</p>
          <ImportChangesTable changes={preview.changes} />
        </div>
      )}
      <RefusedRows
        count={preview.errors.length}
        title={t("admin.contacts.import.errorsTitle")}
        intro={t("admin.contacts.import.errorsIntro")}
        headingLevel="h3"
      >
        <ImportErrorsTable errors={preview.errors} rows={rows} />
      </RefusedRows>
    </PreviewStep>
  );
}

interface ContactsFinishedStepProps {
  outcome: ImportOutcome;
  rows: readonly ImportRow[];
  summaryValues: (result: ImportResult) => Record<string, string>;
  onAnother: () => void;
}

/** How the import ended, what went in and the rows refused. */
function ContactsFinishedStep({ outcome, rows, summaryValues, onAnother }: ContactsFinishedStepProps) {
  const { t, i18n } = useTranslation();
  const formatNumber = (value: number) => value.toLocaleString(i18n.language);
  const endText = (ended: ImportOutcome) =>
    t(`admin.contacts.import.ends.${ended.end}.text`, {
      done: formatNumber(ended.done),
      total: formatNumber(ended.total),
      error: ended.error === undefined ? "" : t(messageForError(ended.error)),
    });
  return (
    <FinishedStep
      end={outcome.end}
      title={t(`admin.contacts.import.ends.${outcome.end}.title`)}
      text={`${endText(outcome)} ${t("admin.contacts.import.summary", summaryValues(outcome.result))}`}
      listPath="/admin/contacts"
      listLabel={t("admin.contacts.import.viewContacts")}
      onAnother={onAnother}
    >
      <ImportCounts result={outcome.result} />
      {outcome.result.errors.length > 0 && <ImportErrorsTable errors={outcome.result.errors} rows={rows} />}
    </FinishedStep>
  );
}
