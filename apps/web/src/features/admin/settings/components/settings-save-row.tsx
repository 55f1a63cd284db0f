import { useTranslation } from "react-i18next";
import { UnsavedChangesGuard } from "../../../../app/forms/unsaved-changes-guard";
import { Button } from "../../../../ui/button";

/**
 * A settings tab's save button, its unsaved-changes note, and the question
 * before leaving with changes. Saving resets the form, so a save never asks.
 * A router asks only one question, so a tab with a second form of its own
 * passes that form's state as `hasOtherChanges`.
 */
export function SettingsSaveRow({
  isSubmitting,
  isDirty,
  hasOtherChanges = false,
}: {
  isSubmitting: boolean;
  isDirty: boolean;
  /** Changes, elsewhere on the tab, that leaving would lose too. */
  hasOtherChanges?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="submit" isLoading={isSubmitting}>
        {t("common.save")}
      </Button>
      {isDirty && <p className="text-sm text-body/70">{t("adminSettings.unsaved")}</p>}
      <UnsavedChangesGuard when={isDirty || hasOtherChanges} description={t("adminSettings.unsaved")} />
    </div>
  );
}
