import { useTranslation } from "react-i18next";
import { UnsavedChangesGuard } from "../../../../app/forms/unsaved-changes-guard";
import { Button } from "../../../../ui/button";

/** A builder tab's save button, its unsaved-changes note, and the question before leaving with changes. */
export function SaveBar({ isSubmitting, isDirty }: { isSubmitting: boolean; isDirty: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="submit" isLoading={isSubmitting}>
        {t("adminMembership.save")}
      </Button>
      {isDirty && <p className="text-sm text-body/70">{t("adminMembership.unsaved")}</p>}
      {/* Saving resets the form, so nothing needs to skip the question here. */}
      <UnsavedChangesGuard when={isDirty} description={t("adminMembership.leaveDescription")} />
    </div>
  );
}
