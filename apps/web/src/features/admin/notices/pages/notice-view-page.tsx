import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { Pencil, Trash2 } from "lucide-react";
import type { Notice } from "@cohort/common/notices";
import { messageForError } from "../../../../api/error-messages";
import { deleteNotice, noticeKeys, noticeQueryOptions } from "../../../../api/notices";
import { useDateTime } from "../../../../app/i18n/use-date-time";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { linkButtonClass } from "../../../../ui/link-button-class";
import { Skeleton } from "../../../../ui/skeleton";
import { NoticeCard } from "../../../../shared/notices/notice-card";
import { DetailPage } from "../../shared/detail-page";
import { NoticeStatusBadge } from "../components/notice-status-badge";
import { PublishNoticeButton } from "../components/publish-notice-button";

/** One notice: its details, how members see it, and the way to publish, edit or delete it. */
export function NoticeViewPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notice = useQuery(noticeQueryOptions(id));
  const [isConfirming, setIsConfirming] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const handleDelete = async () => {
    setIsDeleting(true);
    setDeleteError(null);
    try {
      await deleteNotice(id);
      queryClient.removeQueries({ queryKey: noticeKeys.one(id) });
      await queryClient.invalidateQueries({ queryKey: noticeKeys.all });
      notifications.addToast({ variant: "success", title: t("adminNotices.deleted") });
      void navigate("/admin/notices");
    } catch (failure) {
      setDeleteError(t(messageForError(failure)));
      setIsDeleting(false);
    }
  };

  return (
    <DetailPage
      back={{ to: "/admin/notices", label: t("adminNotices.backToList") }}
      query={notice}
      loading={
        <>
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-40 w-full max-w-3xl" />
        </>
      }
      header={(data) => <NoticeHeader notice={data} onDelete={() => setIsConfirming(true)} />}
    >
      {(data) => (
        <>
          <NoticeDetails notice={data} />
          <ConfirmDialog
            isOpen={isConfirming}
            title={t("adminNotices.confirmDelete.title")}
            description={t("adminNotices.confirmDelete.description", { name: data.name })}
            confirmLabel={t("adminNotices.delete")}
            cancelLabel={t("common.cancel")}
            closeLabel={t("common.close")}
            isPending={isDeleting}
            onConfirm={() => void handleDelete()}
            onClose={() => setIsConfirming(false)}
          >
            {deleteError && <Alert variant="error" title={deleteError} />}
          </ConfirmDialog>
        </>
      )}
    </DetailPage>
  );
}

/** The notice's name and status, with the buttons to publish, edit and delete it. */
function NoticeHeader({ notice, onDelete }: { notice: Notice; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <div className="flex min-w-0 flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight break-words">{notice.name}</h1>
        <NoticeStatusBadge status={notice.status} />
      </div>
      <div className="flex flex-wrap gap-2">
        <PublishNoticeButton notice={notice} />
        <Link to={`/admin/notices/edit/${notice.id}`} className={linkButtonClass("secondary", "sm")}>
          <Pencil aria-hidden="true" className="size-4" />
          {t("adminNotices.edit")}
        </Link>
        <Button variant="danger" size="sm" icon={<Trash2 aria-hidden="true" className="size-4" />} onClick={onDelete}>
          {t("adminNotices.delete")}
        </Button>
      </div>
    </div>
  );
}

/** When the notice shows, when it was written and changed, and how members see it. */
function NoticeDetails({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const when = (value: string | null, empty: string) => (value ? dateTime(value) : empty);
  return (
    <div className="grid items-start gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-1">
        <dl className="space-y-3 text-sm">
          <div>
            <dt className="font-semibold">{t("adminNotices.table.starts")}</dt>
            <dd>{when(notice.starts, t("adminNotices.view.noStart"))}</dd>
          </div>
          <div>
            <dt className="font-semibold">{t("adminNotices.table.expires")}</dt>
            <dd>{when(notice.expires, t("adminNotices.view.noEnd"))}</dd>
          </div>
          <div>
            <dt className="font-semibold">{t("adminNotices.table.created")}</dt>
            <dd>{dateTime(notice.createdAt)}</dd>
          </div>
          <div>
            <dt className="font-semibold">{t("adminNotices.view.updated")}</dt>
            <dd>{dateTime(notice.updatedAt)}</dd>
          </div>
        </dl>
      </Card>
      <section className="space-y-2 lg:col-span-2" aria-labelledby="notice-preview">
        <h2 id="notice-preview" className="text-lg font-bold">
          {t("adminNotices.view.preview")}
        </h2>
        <NoticeCard notice={notice} />
      </section>
    </div>
  );
}
