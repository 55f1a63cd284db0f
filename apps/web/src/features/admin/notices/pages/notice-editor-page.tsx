import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { messageForError } from "../../../../api/error-messages";
import { createNotice, noticeKeys, noticeQueryOptions, updateNotice } from "../../../../api/notices";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { Skeleton } from "../../../../ui/skeleton";
import { NoticeForm } from "../components/notice-form";
import type { NoticeFormValues } from "../forms/notice-form-schema";
import { BackLink } from "../../shared/detail-page";
import { noticePayload } from "../forms/notice-form-schema";

/** Adds a notice (no id in the address) or edits one. */
export function NoticeEditorPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const existing = useQuery({ ...noticeQueryOptions(id ?? ""), enabled: Boolean(id) });

  const handleSave = async (values: NoticeFormValues) => {
    const payload = noticePayload(values);
    const saved = id ? await updateNotice(id, payload) : await createNotice(payload);
    await queryClient.invalidateQueries({ queryKey: noticeKeys.all });
    notifications.addToast({ variant: "success", title: t(id ? "adminNotices.saved" : "adminNotices.created") });
    void navigate(`/admin/notices/view/${saved.id}`);
  };
  const handleCancel = () => void navigate(id ? `/admin/notices/view/${id}` : "/admin/notices");

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <BackLink to="/admin/notices">{t("adminNotices.backToList")}</BackLink>
        <h1 className="text-3xl font-bold tracking-tight">
          {id ? t("adminNotices.editTitle") : t("adminNotices.addTitle")}
        </h1>
      </div>
      {!id ? (
        <NoticeForm onSave={handleSave} onCancel={handleCancel} />
      ) : existing.isPending ? (
        <div role="status">
          <span className="sr-only">{t("common.loading")}</span>
          <Skeleton className="h-64 w-full max-w-3xl" />
        </div>
      ) : existing.isError ? (
        <Alert variant="error" title={t(messageForError(existing.error))} />
      ) : (
        <NoticeForm notice={existing.data} onSave={handleSave} onCancel={handleCancel} />
      )}
    </div>
  );
}
