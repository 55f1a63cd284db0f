import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ChartColumn, FileUp, Inbox, ListFilter, Table2, Tags } from "lucide-react";
import type { CalloutResponseWith } from "@cohort/common/callouts";
import type { RuleGroup } from "@cohort/common/filters";
import { hasRole } from "@cohort/common/contacts";
import type { ResponseUpdates } from "../../../../api/callout-responses";
import { responseListQueryOptions, responsesCsvUrl } from "../../../../api/callout-responses";
import { knownErrorCode } from "../../../../api/client-error";
import { useSession } from "../../../../api/session";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { notifications } from "../../../../app/notifications/notification-store";
import { Button } from "../../../../ui/button";
import { cx } from "../../../../ui/class-names";
import { EmptyState } from "../../../../ui/empty-state";
import { linkButtonClass } from "../../../../ui/link-button-class";
import { SearchBox } from "../../../../ui/search-box";
import { Skeleton } from "../../../../ui/skeleton";
import { FilterBuilder } from "../../shared/filters/filter-builder";
import { countRules } from "../../shared/filters/filter-draft";
import { useRowSelection } from "../../shared/use-row-selection";
import { ListScreen } from "../../shared/list-screen/list-screen";
import { useUrlListState } from "../../shared/url-list-state";
import { useRouteCallout } from "../hooks/use-route-callout";
import type { AnswerField } from "../../shared/answer-fields";
import { answerFields } from "../../shared/answer-fields";
import type { BulkAction } from "../responses/bulk-actions";
import { BulkActions } from "../responses/bulk-actions";
import { BulkDialog } from "../responses/bulk-dialog";
import { bulkRules, exportRules } from "../responses/bulk-target";
import { initialColumns, writeColumnChoice } from "../responses/column-choice";
import { ColumnPicker } from "../responses/column-picker";
import { InboxTabs } from "../responses/inbox-tabs";
import type { InboxState, InboxView } from "../responses/inbox-state";
import { RESPONSE_PAGE_SIZES, filterRules, inboxList, inboxRules } from "../responses/inbox-state";
import { useResponseFilterCatalogue } from "../responses/response-filters";
import { ResponsesTable } from "../responses/responses-table";
import { useBulkUpdate } from "../responses/use-inbox-mutations";
import { ResponseSummaryView } from "../responses/summary/summary-view";
import { CsvDownloadButton } from "../../shared/csv-download-button";

const FILTER_PANEL_ID = "response-filter-panel";
const listWith: CalloutResponseWith[] = ["answers", "contact", "assignee", "tags", "latestComment"];

type RowSelection = ReturnType<typeof useRowSelection>;

/** A callout's responses: buckets, filters, chosen answer columns, selection, bulk changes and export. */
export function ResponsesPage() {
  const callout = useRouteCallout();
  const user = useSession();
  const isAdmin = hasRole(user?.activeRoles ?? [], "admin");
  const { state, search, update } = useUrlListState(inboxList);
  const isSummary = state.view === "summary";
  const fields = useMemo(() => answerFields(callout.formSchema), [callout.formSchema]);
  const catalogue = useResponseFilterCatalogue(callout.id, callout.formSchema, fields);
  const { columns, columnKeys, onColumnsChange } = useColumnChoice(callout.id, fields);
  const [isFilterOpen, setIsFilterOpen] = useState(Boolean(state.rules));

  const matching = inboxRules(state);
  const { list, selection, selectedCount, invalidRule } = useInboxPage(callout.id, state, matching);
  const bulk = useBulkChange(callout.id, selection, matching);
  const { t } = useTranslation();
  const format = useFormatters();

  return (
    <div className="space-y-4">
      <InboxHeading calloutId={callout.id} state={state} />

      <ListScreen
        query={list}
        toolbar={
          <>
            <ResponsesToolbar
              calloutId={callout.id}
              calloutSlug={callout.slug}
              state={state}
              isSummary={isSummary}
              isAdmin={isAdmin}
              isFilterOpen={isFilterOpen}
              onToggleFilter={() => setIsFilterOpen((isOpen) => !isOpen)}
              onSearch={(text) => update({ search: text }, { replace: true })}
              fields={fields}
              columnKeys={columnKeys}
              onColumnsChange={onColumnsChange}
              exportHref={responsesCsvUrl(callout.id, exportRules(selection.selection, matching))}
              selectedIds={selection.selection.mode === "ids" ? selectedCount : 0}
              listTotal={list.data?.total}
            />
            <FilterPanel
              isOpen={isFilterOpen}
              catalogue={catalogue}
              rules={state.rules}
              serverError={invalidRule}
              onApply={(rules) => update({ rules })}
              onClose={() => setIsFilterOpen(false)}
            />
          </>
        }
        view={
          isSummary ? (
            <div className="bg-body/3 p-4 sm:p-5">
              <ResponseSummaryView callout={callout} rules={matching} />
            </div>
          ) : undefined
        }
        loading={<LoadingRows />}
        ruleError={{ keys: "adminResponses", isPanelOpen: isFilterOpen, onEdit: () => setIsFilterOpen(true) }}
        empty={{
          keys: "adminResponses.empty",
          onClear: filterRules(state) ? () => update({ rules: undefined, search: "" }) : undefined,
          none: (
            <EmptyState
              icon={Inbox}
              title={t(`adminResponses.empty.${state.bucket}Title`)}
              description={t(`adminResponses.empty.${state.bucket}Description`)}
            />
          ),
        }}
        bulk={{
          rows: selection,
          idOf: (response) => response.id,
          texts: "adminResponses.selection",
          label: t("adminResponses.bulk.label"),
          busyText: bulk.isBusy
            ? t("adminResponses.bulk.working", { number: format.number(selectedCount) })
            : undefined,
          actions: <BulkActions isBusy={bulk.isBusy} onAction={bulk.open} />,
        }}
        pagination={{
          keys: "adminResponses.pagination",
          page: state.page,
          pageSize: state.pageSize,
          pageSizes: RESPONSE_PAGE_SIZES,
          onPageChange: (page) => update({ page }),
          onPageSizeChange: (pageSize) => update({ pageSize }),
        }}
      >
        {(responses, table) => (
          <ResponsesTable
            responses={responses}
            columns={columns}
            showContact={isAdmin}
            sort={state.sort}
            order={state.order}
            onSort={(field) =>
              update({ sort: field, order: field === state.sort ? (state.order === "ASC" ? "DESC" : "ASC") : "DESC" })
            }
            selection={table.selection}
            isBusy={table.isBusy}
            backSearch={search ? `?${search}` : ""}
          />
        )}
      </ListScreen>

      {bulk.dialog && (
        <BulkDialog
          calloutId={callout.id}
          action={bulk.dialog}
          bucket={state.bucket}
          targetCount={selectedCount}
          isPending={bulk.isBusy}
          error={bulk.error}
          onConfirm={(updates) => void bulk.confirm(updates)}
          onClose={bulk.close}
        />
      )}
    </div>
  );
}

/** The answers shown as columns, as chosen for this callout (and remembered). */
function useColumnChoice(calloutId: string, fields: AnswerField[]) {
  const [columnKeys, setColumnKeys] = useState(() =>
    initialColumns(
      calloutId,
      fields.map((field) => field.fullKey),
    ),
  );
  return {
    columns: fields.filter((field) => columnKeys.includes(field.fullKey)),
    columnKeys,
    onColumnsChange: (keys: string[]) => {
      setColumnKeys(keys);
      writeColumnChoice(calloutId, keys);
    },
  };
}

/** The page of responses the table shows, the rows selected, and a filter the server refused. */
function useInboxPage(calloutId: string, state: InboxState, matching: RuleGroup) {
  const list = useQuery({
    ...responseListQueryOptions(calloutId, {
      limit: state.pageSize,
      offset: (state.page - 1) * state.pageSize,
      sort: state.sort,
      order: state.order,
      rules: matching,
      with: listWith,
    }),
    // The summary reads its own figures; the table's page is read when it shows.
    enabled: state.view !== "summary",
  });
  const selection = useRowSelection(JSON.stringify(matching));
  const selectedCount = selection.count(list.data?.total ?? 0);
  const invalidRule = knownErrorCode(list.error) === "invalid-rule" ? (list.error?.message ?? null) : null;
  return { list, selection, selectedCount, invalidRule };
}

/** The bulk change under way: which dialog is open, and sending the change to the selected responses. */
function useBulkChange(calloutId: string, selection: RowSelection, matching: RuleGroup) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [dialog, setDialog] = useState<BulkAction | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [isPreparing, setIsPreparing] = useState(false);
  const bulk = useBulkUpdate();

  const confirm = async (updates: Omit<ResponseUpdates, "answers">) => {
    setError(null);
    setIsPreparing(true);
    try {
      const rules = await bulkRules(calloutId, selection.selection, matching);
      if (!rules) return setDialog(null);
      const affected = await bulk.mutateAsync({ rules, updates });
      setDialog(null);
      selection.clear();
      notifications.addToast({
        variant: "success",
        title: t("adminResponses.bulk.done", { number: format.number(affected) }),
      });
    } catch (failure) {
      setError(failure);
    } finally {
      setIsPreparing(false);
    }
  };

  return {
    dialog,
    error,
    isBusy: bulk.isPending || isPreparing,
    open: (action: BulkAction) => {
      setError(null);
      setDialog(action);
    },
    close: () => setDialog(null),
    confirm,
  };
}

interface ResponsesToolbarProps {
  calloutId: string;
  calloutSlug: string;
  state: InboxState;
  isSummary: boolean;
  isAdmin: boolean;
  isFilterOpen: boolean;
  onToggleFilter: () => void;
  onSearch: (text: string) => void;
  fields: AnswerField[];
  columnKeys: string[];
  onColumnsChange: (keys: string[]) => void;
  exportHref: string;
  /** How many rows are selected by id (0 when none are, or all that match are). */
  selectedIds: number;
  listTotal: number | undefined;
}

/** Search, the filter button, the answer columns, the CSV export and the import. */
function ResponsesToolbar(props: ResponsesToolbarProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { state, isSummary, isFilterOpen, selectedIds } = props;
  const ruleCount = countRules(state.rules);
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-black/5 p-4">
      <SearchBox
        value={state.search}
        onSearch={props.onSearch}
        label={t("adminResponses.search.label")}
        placeholder={t("adminResponses.search.placeholder")}
        clearLabel={t("adminResponses.search.clear")}
      />
      <Button
        variant="secondary"
        size="sm"
        aria-expanded={isFilterOpen}
        aria-controls={FILTER_PANEL_ID}
        icon={<ListFilter aria-hidden className="size-4" />}
        onClick={props.onToggleFilter}
        className={cx(isFilterOpen && "bg-body/5")}
      >
        {t("adminResponses.filters.button")}
        {ruleCount > 0 && (
          <span className="rounded-full bg-primary px-1.5 text-xs text-on-primary tabular-nums">
            <span className="sr-only">{t("adminResponses.filters.activeCount")} </span>
            {ruleCount}
          </span>
        )}
      </Button>
      {!isSummary && <ColumnPicker fields={props.fields} chosen={props.columnKeys} onChange={props.onColumnsChange} />}
      {!isSummary && (
        <CsvDownloadButton
          href={props.exportHref}
          expectedRows={selectedIds > 0 ? selectedIds : props.listTotal}
          label={
            selectedIds > 0
              ? t("adminResponses.export.selected", { number: format.number(selectedIds) })
              : t("adminResponses.export.view")
          }
          fallbackName={`responses-${props.calloutSlug}.csv`}
          className="sm:ml-auto"
        />
      )}
      {!isSummary && props.isAdmin && (
        <Link to="import" className={linkButtonClass("secondary", "sm")}>
          <FileUp aria-hidden className="size-4" />
          {t("adminResponses.import.button")}
        </Link>
      )}
    </div>
  );
}

/** Grey rows while the first page of responses loads. */
function LoadingRows() {
  return (
    <div className="space-y-3 p-4">
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} className="h-9 w-full" />
      ))}
    </div>
  );
}

interface FilterPanelProps {
  isOpen: boolean;
  catalogue: ReturnType<typeof useResponseFilterCatalogue>;
  rules: RuleGroup | undefined;
  serverError: string | null;
  onApply: (rules: RuleGroup | undefined) => void;
  onClose: () => void;
}

/** The filter's rules, under the toolbar while the filter button has it open. */
function FilterPanel({ isOpen, catalogue, rules, serverError, onApply, onClose }: FilterPanelProps) {
  const { t } = useTranslation();
  return (
    <div id={FILTER_PANEL_ID} hidden={!isOpen}>
      {isOpen && (
        <FilterBuilder
          catalogue={catalogue}
          title={t("adminResponses.filters.title")}
          rules={rules}
          serverError={serverError}
          onApply={onApply}
          onClose={onClose}
        />
      )}
    </div>
  );
}

/** The inbox's title, the way to its tags, the table or summary, and the buckets. */
function InboxHeading({ calloutId, state }: { calloutId: string; state: InboxState }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold">{t("adminResponses.title")}</h2>
        <Link to="tags" className={linkButtonClass("secondary", "sm")}>
          <Tags aria-hidden className="size-4" />
          {t("adminResponses.tags.manage")}
        </Link>
      </div>
      <ViewSwitch
        current={state.view}
        search={(view) => `?${inboxList.write({ ...state, view, page: 1 }).toString()}`}
      />
      <InboxTabs calloutId={calloutId} state={state} />
    </>
  );
}

const viewClass = (isActive: boolean) =>
  cx(
    "focus-ring inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold",
    isActive ? "bg-white text-primary shadow-sm ring-1 ring-black/5" : "text-body/70 hover:text-body",
  );

/** The responses as a table or as the summary of their answers; both keep the bucket and the filter. */
function ViewSwitch({ current, search }: { current: InboxView; search: (view: InboxView) => string }) {
  const { t } = useTranslation();
  const views = [
    { view: "table", label: t("adminResponses.summary.tableView"), icon: Table2 },
    { view: "summary", label: t("adminResponses.summary.summaryView"), icon: ChartColumn },
  ] as const;
  return (
    <nav aria-label={t("adminResponses.summary.viewsLabel")}>
      <ul className="inline-flex gap-1 rounded-lg bg-body/8 p-1">
        {views.map(({ view, label, icon: Icon }) => (
          <li key={view}>
            <Link
              to={{ search: search(view) }}
              aria-current={current === view ? "page" : undefined}
              className={viewClass(current === view)}
            >
              <Icon aria-hidden className="size-4" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
