import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { RotateCcw } from "lucide-react";
import type { EmailTemplate, UpdateEmailTemplate } from "@cohort/common/emails";
import { isEmailTemplateId } from "@cohort/common/emails";
import { isLocale, locales } from "@cohort/common/i18n";
import { useGeneralContent } from "../../../../api/content";
import { emailKeys, emailTemplateQueryOptions, resetEmailTemplate, saveEmailTemplate } from "../../../../api/emails";
import { messageForError } from "../../../../api/error-messages";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { SelectField } from "../../../../ui/select-field";
import { Skeleton } from "../../../../ui/skeleton";
import { DetailFrame, DetailHeader } from "../../shared/detail-page";
import { TemplateForm } from "../components/template-form";

/** Edits one email's subject and text per language, or puts the standard text back. */
export function EmailTemplatePage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const organisationLocale = useGeneralContent().locale;
  const requested = params.get("locale");
  const locale = isLocale(requested) ? requested : organisationLocale;
  const queryClient = useQueryClient();
  const [isResetOpen, setIsResetOpen] = useState(false);
  const templateId = isEmailTemplateId(id) ? id : null;
  const template = useQuery({ ...emailTemplateQueryOptions(id, locale), enabled: templateId !== null });

  const store = (saved: EmailTemplate) => queryClient.setQueryData(emailKeys.template(id, saved.locale), saved);
  const reset = useMutation({
    mutationFn: () => resetEmailTemplate(id, locale),
    onSuccess: (saved) => {
      store(saved);
      setIsResetOpen(false);
      notifications.addToast({ variant: "success", title: t("adminEmails.editor.resetDone") });
    },
  });

  const handleSave = async (values: UpdateEmailTemplate) => {
    store(await saveEmailTemplate(id, locale, values));
    notifications.addToast({ variant: "success", title: t("adminEmails.editor.saved") });
  };

  const back = { to: "/admin/emails/templates", label: t("adminEmails.editor.back") };
  if (templateId === null) {
    return (
      <DetailFrame back={back}>
        <Alert variant="error" title={t("adminEmails.editor.notFound")} />
      </DetailFrame>
    );
  }

  return (
    <DetailFrame back={back}>
      <DetailHeader title={t(`adminEmails.names.${templateId}`)}>
        <p className="text-body/75">{t(`adminEmails.descriptions.${templateId}`)}</p>
      </DetailHeader>
      <SelectField
        label={t("adminEmails.editor.locale")}
        value={locale}
        className="max-w-xs"
        onChange={(event) => setParams(isLocale(event.target.value) ? { locale: event.target.value } : {})}
      >
        {locales.map((option) => (
          <option key={option} value={option}>
            {t(`locales.${option}`)}
          </option>
        ))}
      </SelectField>
      <Card className="space-y-5">
        {template.isPending && (
          <div role="status" className="space-y-3">
            <span className="sr-only">{t("common.loading")}</span>
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-64 w-full" />
          </div>
        )}
        {template.isError && <Alert variant="error" title={t(messageForError(template.error))} />}
        {template.data && (
          <>
            <Alert variant="info">
              {t(template.data.isDefault ? "adminEmails.editor.isDefault" : "adminEmails.editor.isCustom")}
            </Alert>
            <TemplateForm
              key={`${template.data.locale}:${template.data.isDefault}:${template.data.subject}:${template.data.body}`}
              templateId={templateId}
              template={template.data}
              onSave={handleSave}
            >
              <Button
                variant="secondary"
                icon={<RotateCcw aria-hidden className="size-4" />}
                disabled={template.data.isDefault}
                onClick={() => {
                  reset.reset();
                  setIsResetOpen(true);
                }}
              >
                {t("adminEmails.editor.reset")}
              </Button>
            </TemplateForm>
          </>
        )}
      </Card>
      <ConfirmDialog
        isOpen={isResetOpen}
        title={t("adminEmails.editor.resetTitle")}
        description={t("adminEmails.editor.resetDescription", { language: t(`locales.${locale}`) })}
        confirmLabel={t("adminEmails.editor.resetConfirm")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        isPending={reset.isPending}
        onConfirm={() => reset.mutate()}
        onClose={() => setIsResetOpen(false)}
      >
        {reset.isError && <Alert variant="error">{t(messageForError(reset.error))}</Alert>}
      </ConfirmDialog>
    </DetailFrame>
  );
}
