import type { ComponentProps } from "react";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FileUp, Mail, Tags, UserPlus, UsersRound } from "lucide-react";
import type { ContactSortField, RuleGroup } from "@cohort/common/filters";
import type { ContactTag } from "@cohort/common/tags";
import { knownErrorCode } from "../../../../api/client-error";
import { contactListQueryOptions } from "../../../../api/contacts";
import { segmentsQueryOptions } from "../../../../api/segments";
import { notifications } from "../../../../app/notifications/notification-store";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { EmptyState } from "../../../../ui/empty-state";
import { linkButtonClass } from "../../../../ui/link-button-class";
import { ListScreen } from "../../shared/list-screen/list-screen";
import { useUrlListState } from "../../shared/url-list-state";
import { BulkActions } from "../components/bulk-actions";
import { BulkDeleteDialog } from "../components/bulk-delete-dialog";
import { BulkTagDialog } from "../components/bulk-tag-dialog";
import { ContactsTable } from "../components/contacts-table";
import { ContactsTableSkeleton } from "../components/contacts-table-skeleton";
import { ContactsToolbar, FILTER_PANEL_ID } from "../components/contacts-toolbar";
import { FilterBuilder } from "../components/filter-builder";
import { SegmentActions } from "../components/segment-actions";
import { SegmentDialog } from "../components/segment-dialog";
import { SegmentTabs } from "../components/segment-tabs";
import { countRules } from "../forms/filter-draft";
import { combineRules } from "../forms/search-rules";
import type { ContactListState } from "../hooks/list-state";
import { PAGE_SIZES, contactList, effectiveRules, listRequest } from "../hooks/list-state";
import type { TagAction } from "../hooks/use-bulk-tags";
import { useBulkDelete } from "../hooks/use-bulk-delete";
import { useBulkTags } from "../hooks/use-bulk-tags";
import { useContactSelection } from "../hooks/use-contact-selection";
import { useCreateSegment } from "../hooks/use-segment-mutations";
import { contactsCsvUrl } from "../import/import-api";

/** Names and emails read best A to Z; dates and amounts newest or largest first; the same field again turns round. */
function nextSort(state: ContactListState, field: ContactSortField): Pick<ContactListState, "sort" | "order"> {
  if (field === state.sort) return { sort: field, order: state.order === "ASC" ? "DESC" : "ASC" };
  return { sort: field, order: ["firstname", "lastname", "email"].includes(field) ? "ASC" : "DESC" };
}

/** The admin's list of contacts: segments, search, filters, selection and bulk tagging. */
export function ContactsPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const { state, update } = useUrlListState(contactList);
  const list = useQuery(contactListQueryOptions(listRequest(state)));
  const everyone = useQuery(contactListQueryOptions({ limit: 1, offset: 0 }));
  const segments = useQuery(segmentsQueryOptions);
  const activeSegment = segments.data?.find((segment) => segment.id === state.segmentId);
  const [isFilterOpen, setIsFilterOpen] = useState(Boolean(state.rules));
  const createSegment = useCreateSegment();

  const listRules = effectiveRules(state);
  const matchingRules = state.segmentId ? combineRules(activeSegment?.ruleGroup, listRules) : listRules;
  const selection = useContactSelection(JSON.stringify([state.segmentId ?? null, listRules ?? null]));
  const selectedCount = selection.count(list.data?.total ?? 0);
  const clearFilters = () => update({ rules: undefined, search: "" });
  const { panelRules, handleApplyRules } = segmentRules(state.rules, activeSegment?.ruleGroup, update);
  const invalidRule = knownErrorCode(list.error) === "invalid-rule" ? (list.error?.message ?? null) : null;

  const dialogs = useContactDialogs(selection, matchingRules);
  const { bulk, bulkDelete, setDialog } = dialogs;
  const isBusy = bulk.isPending || bulkDelete.isPending;

  return (
    <div className="space-y-6">
      <ContactsHeader matchingRules={matchingRules} />

      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div className="w-full min-w-0 sm:w-auto sm:flex-1">
          <SegmentTabs state={state} segments={segments.data ?? []} totalCount={everyone.data?.total} />
        </div>
        {activeSegment && <SegmentActions segment={activeSegment} onDeleted={() => update({ segmentId: undefined })} />}
      </div>

      <ListScreen
        query={list}
        toolbar={
          <>
            <ContactsToolbar
              search={state.search}
              ruleCount={countRules(state.rules)}
              isFilterOpen={isFilterOpen}
              onSearch={(search) => update({ search }, { replace: true })}
              onToggleFilter={() => setIsFilterOpen((isOpen) => !isOpen)}
              onSaveSegment={() => setDialog("save")}
              exportHref={contactsCsvUrl(matchingRules)}
              exportRows={list.data?.total}
            />
            <FilterPanel
              isOpen={isFilterOpen}
              rules={panelRules}
              serverError={invalidRule}
              onApply={handleApplyRules}
              onClose={() => setIsFilterOpen(false)}
            />
          </>
        }
        bulk={{
          rows: selection,
          idOf: (contact) => contact.id,
          texts: "admin.contacts.selection",
          label: t("admin.contacts.bulk.label"),
          busyText: isBusy ? t("admin.contacts.bulk.working", { number: format.number(selectedCount) }) : undefined,
          canSelectAllMatching: !state.segmentId || Boolean(activeSegment),
          actions: (
            <BulkActions
              isBusy={isBusy}
              onTagAction={(action) => {
                bulk.reset();
                setDialog(action);
              }}
              onDelete={() => {
                bulkDelete.reset();
                setDialog("delete");
              }}
            />
          ),
        }}
        loading={<ContactsTableSkeleton />}
        ruleError={{
          keys: "admin.contacts",
          isPanelOpen: isFilterOpen,
          onEdit: () => setIsFilterOpen(true),
          onClear: clearFilters,
        }}
        empty={{ keys: "admin.contacts.empty", onClear: listRules && clearFilters, none: <NoContacts /> }}
        pagination={{
          keys: "admin.contacts.pagination",
          page: state.page,
          pageSize: state.pageSize,
          pageSizes: PAGE_SIZES,
          onPageChange: (page) => update({ page }),
          onPageSizeChange: (pageSize) => update({ pageSize }),
        }}
      >
        {(contacts, table) => (
          <ContactsTable
            contacts={contacts}
            sort={state.sort}
            order={state.order}
            onSort={(field) => update(nextSort(state, field))}
            selection={table.selection}
            isBusy={table.isBusy}
          />
        )}
      </ListScreen>

      <ContactsDialogs
        dialogs={dialogs}
        selectedCount={selectedCount}
        onSaveSegment={async (values) => {
          const ruleGroup = combineRules(activeSegment?.ruleGroup, state.rules) ?? { condition: "AND", rules: [] };
          const segment = await createSegment.mutateAsync({ ...values, ruleGroup });
          setDialog(null);
          notifications.addToast({
            variant: "success",
            title: t("admin.contacts.segments.saved", { name: segment.name }),
          });
          update({ segmentId: segment.id, rules: undefined });
        }}
      />
    </div>
  );
}

/** The filter's rules, under the toolbar while the filter button has it open. */
function FilterPanel({ isOpen, ...builder }: { isOpen: boolean } & ComponentProps<typeof FilterBuilder>) {
  return (
    <div id={FILTER_PANEL_ID} hidden={!isOpen}>
      {isOpen && <FilterBuilder {...builder} />}
    </div>
  );
}

/** A segment's panel shows the segment's rules; changing them leaves the segment for a filter of its own. */
function segmentRules(
  rules: RuleGroup | undefined,
  segmentGroup: RuleGroup | undefined,
  update: (change: Partial<ContactListState>) => void,
) {
  const isSegmentRules = Boolean(segmentGroup) && !rules;
  return {
    panelRules: rules ?? segmentGroup,
    handleApplyRules: (applied: RuleGroup | undefined) => {
      if (!isSegmentRules) return update({ rules: applied });
      if (JSON.stringify(applied ?? null) !== JSON.stringify(segmentGroup)) {
        update({ segmentId: undefined, rules: applied });
      }
    },
  };
}

type ContactSelection = ReturnType<typeof useContactSelection>;
type ContactDialog = "save" | "delete" | TagAction | null;

/** The dialog open over the list, and the bulk tagging and deleting it confirms for the selected contacts. */
function useContactDialogs(selection: ContactSelection, matchingRules: RuleGroup | undefined) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<ContactDialog>(null);
  const bulk = useBulkTags();
  const bulkDelete = useBulkDelete();

  const handleDeleteConfirm = () => {
    bulkDelete.mutate(selection.rules(matchingRules), {
      onSuccess: ({ deleted, skipped }) => {
        setDialog(null);
        selection.clear();
        notifications.addToast({
          variant: "success",
          title: t("admin.contacts.bulk.deleted", { number: deleted }),
          ...(skipped > 0 ? { description: t("admin.contacts.bulk.skipped", { number: skipped }) } : {}),
        });
      },
    });
  };

  const handleTagConfirm = (action: TagAction, tag: ContactTag) => {
    bulk.mutate(
      { rules: selection.rules(matchingRules), tagId: tag.id, action },
      {
        onSuccess: (affected) => {
          setDialog(null);
          selection.clear();
          notifications.addToast({
            variant: "success",
            title: t(action === "add" ? "admin.contacts.bulk.added" : "admin.contacts.bulk.removed", { tag: tag.name }),
            description: t("admin.contacts.bulk.affected", { number: affected }),
          });
        },
      },
    );
  };

  return { dialog, setDialog, bulk, bulkDelete, handleDeleteConfirm, handleTagConfirm };
}

/** No contacts at all yet, with the way to add one. */
function NoContacts() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={UsersRound}
      title={t("admin.contacts.empty.noneTitle")}
      description={t("admin.contacts.empty.noneDescription")}
      action={
        <Link to="/admin/contacts/add" className={linkButtonClass("primary", "sm")}>
          {t("admin.contacts.add")}
        </Link>
      }
    />
  );
}

/** The page's title and the ways to add, import, tag and email contacts. */
function ContactsHeader({ matchingRules }: { matchingRules: RuleGroup | undefined }) {
  const { t } = useTranslation();
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">{t("admin.contacts.title")}</h1>
        <p className="text-body/75">{t("admin.contacts.intro")}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {matchingRules && matchingRules.rules.length > 0 && (
          <Link
            to={`/admin/emails/mailings/new?rules=${encodeURIComponent(JSON.stringify(matchingRules))}`}
            className={linkButtonClass("secondary", "sm")}
          >
            <Mail aria-hidden className="size-4" />
            {t("adminMailings.emailTheseContacts")}
          </Link>
        )}
        <Link to="/admin/contacts/tags" className={linkButtonClass("secondary", "sm")}>
          <Tags aria-hidden className="size-4" />
          {t("admin.contacts.tags.manage")}
        </Link>
        <Link to="/admin/contacts/import" className={linkButtonClass("secondary", "sm")}>
          <FileUp aria-hidden className="size-4" />
          {t("admin.contacts.import.button")}
        </Link>
        <Link to="/admin/contacts/add" className={linkButtonClass("primary", "sm")}>
          <UserPlus aria-hidden className="size-4" />
          {t("admin.contacts.add")}
        </Link>
      </div>
    </header>
  );
}

interface ContactsDialogsProps {
  dialogs: ReturnType<typeof useContactDialogs>;
  selectedCount: number;
  onSaveSegment: ComponentProps<typeof SegmentDialog>["onSubmit"];
}

/** The bulk tag, bulk delete and save-as-segment dialogs. */
function ContactsDialogs({ dialogs, selectedCount, onSaveSegment }: ContactsDialogsProps) {
  const { t } = useTranslation();
  const { dialog, setDialog, bulk, bulkDelete, handleDeleteConfirm, handleTagConfirm } = dialogs;
  return (
    <>
      {(dialog === "add" || dialog === "remove") && (
        <BulkTagDialog
          action={dialog}
          targetCount={selectedCount}
          isPending={bulk.isPending}
          error={bulk.error}
          onConfirm={(tag) => handleTagConfirm(dialog, tag)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === "delete" && (
        <BulkDeleteDialog
          targetCount={selectedCount}
          isPending={bulkDelete.isPending}
          error={bulkDelete.error}
          onConfirm={handleDeleteConfirm}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === "save" && (
        <SegmentDialog
          title={t("admin.contacts.segments.saveTitle")}
          description={t("admin.contacts.segments.saveDescription")}
          submitLabel={t("admin.contacts.segments.saveConfirm")}
          onClose={() => setDialog(null)}
          onSubmit={onSaveSegment}
        />
      )}
    </>
  );
}
