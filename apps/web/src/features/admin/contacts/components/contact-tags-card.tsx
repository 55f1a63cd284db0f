import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Plus, X } from "lucide-react";
import type { Contact } from "@cohort/common/contacts";
import { messageForError } from "../../../../api/error-messages";
import { contactTagsQueryOptions } from "../../../../api/tags";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { Select } from "../../../../ui/select";
import { selectedContactsRules } from "../forms/selection-rules";
import { useBulkTags } from "../hooks/use-bulk-tags";

/** The contact's tags, with a way to add one or take one off. */
export function ContactTagsCard({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const allTags = useQuery(contactTagsQueryOptions);
  const change = useBulkTags();
  const [tagId, setTagId] = useState("");
  const tags = contact.tags ?? [];
  const available = (allTags.data ?? []).filter((tag) => !tags.some((own) => own.id === tag.id));
  const rules = selectedContactsRules([contact.id]);

  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-bold">{t("admin.contacts.table.tags")}</h2>
      {tags.length === 0 ? (
        <p className="text-body/70">{t("admin.contacts.table.noTags")}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li
              key={tag.id}
              className="inline-flex items-center gap-1 rounded-full bg-link/12 py-0.5 pr-1 pl-3 text-sm font-semibold text-link-text"
            >
              {tag.name}
              <button
                type="button"
                aria-label={t("admin.contacts.detail.removeTag", { tag: tag.name })}
                disabled={change.isPending}
                onClick={() => change.mutate({ rules, tagId: tag.id, action: "remove" })}
                className="focus-ring cursor-pointer rounded-full p-1 hover:bg-link/15 disabled:opacity-50"
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {available.length > 0 && (
        <form
          className="flex flex-wrap gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!tagId) return;
            change.mutate({ rules, tagId, action: "add" }, { onSuccess: () => setTagId("") });
          }}
        >
          <Select
            size="sm"
            aria-label={t("admin.contacts.detail.addTagLabel")}
            value={tagId}
            onChange={(event) => setTagId(event.target.value)}
            className="min-w-44 flex-1"
          >
            <option value="" disabled>
              {t("admin.contacts.filters.chooseTag")}
            </option>
            {available.map((tag) => (
              <option key={tag.id} value={tag.id}>
                {tag.name}
              </option>
            ))}
          </Select>
          <Button
            type="submit"
            size="sm"
            variant="secondary"
            disabled={!tagId}
            isLoading={change.isPending}
            icon={<Plus aria-hidden className="size-4" />}
          >
            {t("admin.contacts.bulk.add")}
          </Button>
        </form>
      )}
      {change.isError && <Alert variant="error">{t(messageForError(change.error))}</Alert>}
    </Card>
  );
}
