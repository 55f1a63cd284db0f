import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../ui/button";
import { UnsavedChangesGuard } from "../../callouts/editor/unsaved-changes-guard";

/** A builder tab's save button, its unsaved-changes note, and the question before leaving with changes. */
export function SaveBar({ isSubmitting, isDirty }: { isSubmitting: boolean; isDirty: boolean }) {
  const { t } = useTranslation();
  // Saving resets the form, so nothing needs to skip the question here.
  const skipGuard = useRef(false);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="submit" isLoading={isSubmitting}>
        {t("adminMembership.save")}
      </Button>
      {isDirty && <p className="text-sm text-body/70">{t("adminMembership.unsaved")}</p>}
      <UnsavedChangesGuard when={isDirty} skipRef={skipGuard} description={t("adminMembership.leaveDescription")} />
    </div>
  );
}
