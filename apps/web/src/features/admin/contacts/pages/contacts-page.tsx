import type { ComponentProps } from "react";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FileUp, Mail, Tags, UserPlus } from "lucide-react";
import type { ContactSortField, RuleGroup } from "@cohort/common/filters";
import type { ContactTag } from "@cohort/common/tags";
import { knownErrorCode } from "../../../../api/client-error";
import { contactListQueryOptions } from "../../../../api/contacts";
import { segmentsQueryOptions } from "../../../../api/segments";
import { notifications } from "../../../../app/notifications/notification-store";
import { linkButtonClass } from "../../../../ui/link-button-class";
import { useUrlListState } from "../../shared/url-list-state";
import { BulkBar } from "../components/bulk-bar";
import { BulkDeleteDialog } from "../components/bulk-delete-dialog";
import { BulkTagDialog } from "../components/bulk-tag-dialog";
import { ContactsResults } from "../components/contacts-results";
import { ContactsToolbar, FILTER_PANEL_ID } from "../components/contacts-toolbar";
import { FilterBuilder } from "../components/filter-builder";
import { SegmentActions } from "../components/segment-actions";
import { SegmentDialog } from "../components/segment-dialog";
import { SegmentTabs } from "../components/segment-tabs";
import { countRules } from "../forms/filter-draft";
import { combineRules } from "../forms/search-rules";
import type { ContactListState } from "../hooks/list-state";
import { contactList, effectiveRules, listRequest } from "../hooks/list-state";
import type { TagAction } from "../hooks/use-bulk-tags";
import { useBulkDelete } from "../hooks/use-bulk-delete";
import { useBulkTags } from "../hooks/use-bulk-tags";
import { useContactSelection } from "../hooks/use-contact-selection";
import { useCreateSegment } from "../hooks/use-segment-mutations";
import { contactsCsvUrl } from "../import/import-api";

/** Names and emails read best A to Z; dates and amounts newest or largest first. */
const firstOrder = (field: ContactSortField) => (["firstname", "lastname", "email"].includes(field) ? "ASC" : "DESC");

/** The admin's list of contacts: segments, search, filters, selection and bulk tagging. */
export function ContactsPage() {
  const { t } = useTranslation();
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
  const pageIds = list.data?.items.map((contact) => contact.id) ?? [];
  const total = list.data?.total ?? 0;
  const selectedCount = selection.count(total);
  const canSelectAllMatching =
    !selection.isAllMatching &&
    pageIds.length > 0 &&
    pageIds.every((id) => selection.isSelected(id)) &&
    total > pageIds.length &&
    (!state.segmentId || Boolean(activeSegment));
  const ruleCount = countRules(state.rules);
  const { panelRules, handleApplyRules } = segmentRules(state.rules, activeSegment?.ruleGroup, update);
  const invalidRule = knownErrorCode(list.error) === "invalid-rule" ? (list.error?.message ?? null) : null;

  const dialogs = useContactDialogs(selection, matchingRules);
  const { bulk, bulkDelete, setDialog } = dialogs;

  return (
    <div className="space-y-6">
      <ContactsHeader matchingRules={matchingRules} />

      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div className="w-full min-w-0 sm:w-auto sm:flex-1">
          <SegmentTabs state={state} segments={segments.data ?? []} totalCount={everyone.data?.total} />
        </div>
        {activeSegment && <SegmentActions segment={activeSegment} onDeleted={() => update({ segmentId: undefined })} />}
      </div>

      <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
        <ContactsToolbar
          search={state.search}
          ruleCount={ruleCount}
          isFilterOpen={isFilterOpen}
          onSearch={(search) => update({ search }, { replace: true })}
          onToggleFilter={() => setIsFilterOpen((isOpen) => !isOpen)}
          onSaveSegment={() => setDialog("save")}
          exportHref={contactsCsvUrl(matchingRules)}
          exportRows={list.data?.total}
        />
        <div id={FILTER_PANEL_ID} hidden={!isFilterOpen}>
          {isFilterOpen && (
            <FilterBuilder
              rules={panelRules}
              serverError={invalidRule}
              onApply={handleApplyRules}
              onClose={() => setIsFilterOpen(false)}
            />
          )}
        </div>
        {selectedCount > 0 && (
          <BulkBar
            isBusy={bulk.isPending || bulkDelete.isPending}
            selectedCount={selectedCount}
            isAllMatching={selection.isAllMatching}
            canSelectAllMatching={canSelectAllMatching}
            pageCount={pageIds.length}
            total={total}
            onSelectAllMatching={selection.selectAllMatching}
            onClear={selection.clear}
            onTagAction={(action) => {
              bulk.reset();
              setDialog(action);
            }}
            onDelete={() => {
              bulkDelete.reset();
              setDialog("delete");
            }}
          />
        )}
        <ContactsResults
          list={list}
          state={state}
          hasFilters={Boolean(listRules)}
          isFilterOpen={isFilterOpen}
          selection={{
            isSelected: selection.isSelected,
            onToggle: (id, isOn) => selection.toggle(id, isOn, pageIds),
            onTogglePage: (isOn) => selection.togglePage(pageIds, isOn),
          }}
          onSort={(field) =>
            update({
              sort: field,
              order: field === state.sort ? (state.order === "ASC" ? "DESC" : "ASC") : firstOrder(field),
            })
          }
          onPage={(page) => update({ page })}
          onPageSize={(pageSize) => update({ pageSize })}
          onClearFilters={() => update({ rules: undefined, search: "" })}
          onEditFilters={() => setIsFilterOpen(true)}
        />
      </div>

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
