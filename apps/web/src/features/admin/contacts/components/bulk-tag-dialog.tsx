import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { ContactTag } from "@cohort/common/tags";
import { messageForError } from "../../../../api/error-messages";
import { contactTagsQueryOptions } from "../../../../api/tags";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Dialog } from "../../../../ui/dialog";
import { SelectField } from "../../../../ui/select-field";
import type { TagAction } from "../hooks/use-bulk-tags";

interface BulkTagDialogProps {
  action: TagAction;
  /** How many contacts the change reaches, as shown to the person. */
  targetCount: number;
  isPending: boolean;
  error: unknown;
  onConfirm: (tag: ContactTag) => void;
  onClose: () => void;
}

/** Chooses the tag to add to, or remove from, the selected contacts. */
export function BulkTagDialog({ action, targetCount, isPending, error, onConfirm, onClose }: BulkTagDialogProps) {
  const { t } = useTranslation();
  const tags = useQuery(contactTagsQueryOptions);
  const [tagId, setTagId] = useState("");
  const [isMissing, setIsMissing] = useState(false);
  const chosen = tags.data?.find((tag) => tag.id === tagId);

  const handleConfirm = () => {
    if (!chosen) {
      setIsMissing(true);
      return;
    }
    onConfirm(chosen);
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      size="sm"
      title={action === "add" ? t("admin.contacts.bulk.addTitle") : t("admin.contacts.bulk.removeTitle")}
      description={t("admin.contacts.bulk.target", { number: targetCount })}
      closeLabel={t("common.close")}
      footer={
        <>
          <Button variant="secondary" size="sm" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button size="sm" isLoading={isPending} onClick={handleConfirm}>
            {action === "add" ? t("admin.contacts.bulk.addConfirm") : t("admin.contacts.bulk.removeConfirm")}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <SelectField
          label={t("admin.contacts.bulk.tag")}
          value={tagId}
          disabled={tags.isPending}
          error={isMissing && !chosen ? t("admin.contacts.bulk.chooseTagError") : undefined}
          onChange={(event) => setTagId(event.target.value)}
        >
          <option value="" disabled>
            {tags.isPending ? t("common.loading") : t("admin.contacts.filters.chooseTag")}
          </option>
          {tags.data?.map((tag) => (
            <option key={tag.id} value={tag.id}>
              {tag.name}
            </option>
          ))}
        </SelectField>
        {tags.data?.length === 0 && <Alert>{t("admin.contacts.bulk.noTags")}</Alert>}
        {tags.isError && <Alert variant="error">{t(messageForError(tags.error))}</Alert>}
        {Boolean(error) && <Alert variant="error">{t(messageForError(error))}</Alert>}
      </div>
    </Dialog>
  );
}
