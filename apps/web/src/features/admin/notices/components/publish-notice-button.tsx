import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Send } from "lucide-react";
import type { Notice, UpdateNotice } from "@cohort/common/notices";
import { isClientError } from "../../../../api/client-error";
import { messageForError } from "../../../../api/error-messages";
import { noticeKeys, updateNotice } from "../../../../api/notices";
import { notifications } from "../../../../app/notifications/notification-store";
import { Button } from "../../../../ui/button";

/** The dates that publish a notice now: it starts now and keeps an end that is still ahead. */
export function publishChange(notice: Pick<Notice, "expires">, now: Date): UpdateNotice {
  return {
    starts: now.toISOString(),
    expires: notice.expires && new Date(notice.expires) > now ? notice.expires : null,
  };
}

/** Shows a draft or scheduled notice to members from now on (a notice is open from its start). */
export function PublishNoticeButton({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isPublishing, setIsPublishing] = useState(false);

  const handlePublish = async () => {
    setIsPublishing(true);
    try {
      const saved = await updateNotice(notice.id, publishChange(notice, new Date()));
      queryClient.setQueryData(noticeKeys.one(notice.id), saved);
      await queryClient.invalidateQueries({ queryKey: noticeKeys.all });
      notifications.addToast({ variant: "success", title: t("adminNotices.saved") });
    } catch (failure) {
      // Server failures (5xx) are shown by the app's error notification already.
      if (!isClientError(failure) || failure.httpCode < 500) {
        notifications.addToast({ variant: "error", title: t(messageForError(failure)) });
      }
    } finally {
      setIsPublishing(false);
    }
  };

  if (notice.status !== "draft" && notice.status !== "scheduled") return null;
  return (
    <Button
      size="sm"
      isLoading={isPublishing}
      icon={<Send aria-hidden="true" className="size-4" />}
      onClick={() => void handlePublish()}
    >
      {t("adminCallouts.actions.publish.button")}
    </Button>
  );
}
