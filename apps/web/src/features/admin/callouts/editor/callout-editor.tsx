import type { ReactNode } from "react";
import { useCallback, useMemo, useRef, useState } from "react";
import type { FieldErrors, Path, Resolver } from "react-hook-form";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { zodResolver } from "@hookform/resolvers/zod";
import type { Callout } from "@cohort/common/callouts";
import { isClientError } from "../../../../api/client-error";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import { FormError } from "../../../../app/forms/form-error";
import { UnsavedChangesGuard } from "../../../../app/forms/unsaved-changes-guard";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { newSlideId } from "../builder/component-factory";
import { useSaveCallout } from "../hooks/use-callout-mutations";
import { ContentTab } from "./content-tab";
import { EditorHeader } from "./editor-header";
import { EditorTargetContext } from "./editor-context";
import { editorValuesFrom } from "./editor-conversion";
import { editorMessage } from "./editor-messages";
import { calloutEditorSchema, editorPath } from "./editor-schema";
import { EditorTabList, panelId, tabId } from "./editor-tab-list";
import type { EditorTab } from "./editor-tabs";
import { errorCountsByTab, errorPaths, tabOfField } from "./editor-tabs";
import type { CalloutEditorValues, EditorTarget } from "./editor-values";
import { PreviewDialog } from "./preview-dialog";
import { ResponseDisplayTab } from "./response-display-tab";
import { ReviewersTab } from "./reviewers-tab";
import type { SaveIntent } from "./save-intent";
import { SettingsTab } from "./settings-tab";
import { TitleImageTab } from "./title-image-tab";
import { TranslationsTab } from "./translations-tab";

const panels: Record<EditorTab, () => ReactNode> = {
  content: () => <ContentTab />,
  titleImage: () => <TitleImageTab />,
  settings: () => <SettingsTab />,
  display: () => <ResponseDisplayTab />,
  translations: () => <TranslationsTab />,
  reviewers: () => <ReviewersTab />,
};

/** The callout builder: every tab edits one form that is checked and saved as a whole. */
export function CalloutEditor({ callout }: { callout: Callout | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const target = useMemo<EditorTarget>(
    () => ({ id: callout?.id ?? null, status: callout?.status ?? null, starts: callout?.starts ?? null }),
    [callout],
  );
  const [defaultValues] = useState(() =>
    editorValuesFrom(
      callout,
      {
        slideTitle: t("adminCallouts.slides.defaultTitle", { n: 1 }),
        thanksTitle: t("adminCallouts.content.defaultThanks"),
      },
      newSlideId(),
    ),
  );
  // Which button saves, read when the form is checked: a draft checks less than publishing.
  const intent = useRef<SaveIntent>("draft");
  const resolver = useCallback<Resolver<CalloutEditorValues>>(
    (values, context, options) => zodResolver(calloutEditorSchema(target, intent.current))(values, context, options),
    [target],
  );
  const form = useForm<CalloutEditorValues>({ resolver, defaultValues });
  const save = useSaveCallout(target);
  const [tab, setTab] = useState<EditorTab>("content");
  const [isPreviewOpen, setIsPreviewOpen] = useState(false);
  const [formError, setFormError] = useState<ErrorMessageKey | null>(null);
  const hasSaved = useRef(false);
  const { errors, isDirty, isSubmitted } = form.formState;
  const errorCounts = errorCountsByTab(errors);
  const rootError = editorMessage(t, errors.root?.message);

  const handleServerError = (failure: unknown, values: CalloutEditorValues) => {
    if (isClientError(failure) && failure.code === "duplicate-id") {
      form.setError("slug", { type: "server", message: "errors.duplicateSlug" });
      setTab("titleImage");
      return;
    }
    if (isClientError(failure) && failure.httpCode < 500 && failure.errors.length > 0) {
      const paths = failure.errors
        .map((error) => ({ path: editorPath(values, error.property.split(".")), error }))
        .filter(({ path }) => path[0] !== "root");
      for (const { path, error } of paths) {
        form.setError(path.join(".") as Path<CalloutEditorValues>, {
          type: "server",
          message: Object.values(error.constraints)[0] ?? "validation.invalid",
        });
      }
      const first = paths[0] && tabOfField(paths[0].path.join("."));
      if (first) {
        setTab(first);
        return;
      }
    }
    setFormError(messageForError(failure));
  };

  const handleValid = (intent: SaveIntent) => async (values: CalloutEditorValues) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ intent, values });
      hasSaved.current = true;
      form.reset(values);
      notifications.addToast({ variant: "success", title: t(`adminCallouts.editor.saved.${intent}`) });
      if (intent !== "draft") void navigate(`/admin/callouts/view/${saved.id}`);
      else if (!target.id) void navigate(`/admin/callouts/edit/${saved.id}`, { replace: true });
      else hasSaved.current = false;
    } catch (failure) {
      handleServerError(failure, values);
    }
  };

  const handleInvalid = (invalid: FieldErrors<CalloutEditorValues>) => {
    const first = errorPaths(invalid)[0];
    const firstTab = first ? tabOfField(first) : undefined;
    if (firstTab) setTab(firstTab);
  };

  const handleSave = (chosen: SaveIntent) => {
    intent.current = chosen;
    void form.handleSubmit(handleValid(chosen), handleInvalid)();
  };

  return (
    <EditorTargetContext value={target}>
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => event.preventDefault()} className="space-y-6">
          <EditorHeader
            callout={callout}
            isSaving={save.isPending}
            savingIntent={save.variables?.intent}
            onSave={handleSave}
            onPreview={() => setIsPreviewOpen(true)}
          />
          {searchParams.has("replicated") && !isDirty && (
            <Alert variant="info" title={t("adminCallouts.editor.replicatedTitle")}>
              {t("adminCallouts.editor.replicatedText")}
            </Alert>
          )}
          {isSubmitted && Object.keys(errorCounts).length > 0 && (
            <Alert variant="error" title={t("adminCallouts.editor.invalidTitle")}>
              {t("adminCallouts.editor.invalidText")}
            </Alert>
          )}
          {rootError && <Alert variant="error">{rootError}</Alert>}
          <FormError message={formError} />
          <EditorTabList active={tab} errorCounts={errorCounts} onChange={setTab} />
          <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
            {panels[tab]()}
          </div>
        </form>
        {isPreviewOpen && <PreviewDialog onClose={() => setIsPreviewOpen(false)} />}
        <UnsavedChangesGuard
          when={isDirty}
          skipRef={hasSaved}
          description={t("adminCallouts.editor.leaveDescription")}
        />
      </FormProvider>
    </EditorTargetContext>
  );
}
