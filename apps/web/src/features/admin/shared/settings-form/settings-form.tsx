import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { FormProvider } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormError } from "../../../../app/forms/form-error";
import { UnsavedChangesGuard } from "../../../../app/forms/unsaved-changes-guard";
import { Button } from "../../../../ui/button";
import type { SettingsFormArea, SettingsFormState } from "./use-settings-form";

/**
 * A settings form's save button, its unsaved-changes note, and the question before leaving
 * with changes. Saving resets the form, so a save never asks. A router asks only one
 * question, so a tab with a second form of its own passes that form's state as
 * `hasOtherChanges`.
 */
export function SaveRow({
  area,
  isSubmitting,
  isDirty,
  hasOtherChanges = false,
}: {
  area: SettingsFormArea;
  isSubmitting: boolean;
  isDirty: boolean;
  /** Changes, elsewhere on the tab, that leaving would lose too. */
  hasOtherChanges?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="submit" isLoading={isSubmitting}>
        {t(area.save)}
      </Button>
      {isDirty && <p className="text-sm text-body/70">{t(area.unsaved)}</p>}
      <UnsavedChangesGuard when={isDirty || hasOtherChanges} description={t(area.leave)} />
    </div>
  );
}

/**
 * The form of `useSettingsForm`: its fields (children) between the message of a refused
 * save and the save row. With `aside`, the fields, message and save row make the first
 * column and `aside` the second, which stays in view on a wide screen.
 */
export function SettingsForm<Input extends FieldValues, Output>({
  settings,
  className,
  aside,
  hasOtherChanges,
  children,
}: {
  settings: SettingsFormState<Input, Output>;
  className: string;
  aside?: ReactNode;
  hasOtherChanges?: boolean;
  children: ReactNode;
}) {
  const { form, area, formError, onSubmit } = settings;
  const { isSubmitting, isDirty } = form.formState;
  const body = (
    <>
      <FormError message={formError} />
      {children}
      <SaveRow area={area} isSubmitting={isSubmitting} isDirty={isDirty} hasOtherChanges={hasOtherChanges} />
    </>
  );
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className={className}>
        {aside ? (
          <>
            <div className="space-y-6">{body}</div>
            <aside className="lg:sticky lg:top-6 lg:self-start">{aside}</aside>
          </>
        ) : (
          body
        )}
      </form>
    </FormProvider>
  );
}
