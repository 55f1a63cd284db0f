import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { X } from "lucide-react";
import { openNoticesQueryOptions } from "../../../api/notices";
import { NoticeCard } from "../../../shared/notices/notice-card";
import { dismissNotice, dismissedNotices } from "./notice-dismissals";

/** The open notices a person has not dismissed, above their account (decision 028). */
export function MemberNotices({ contactId }: { contactId: string }) {
  const { t } = useTranslation();
  const notices = useQuery(openNoticesQueryOptions);
  const [dismissed, setDismissed] = useState(() => dismissedNotices(contactId));
  const shown = (notices.data ?? []).filter((notice) => !dismissed.has(notice.id));
  if (shown.length === 0) return null;

  return (
    <section aria-label={t("profile.notices.title")} className="space-y-4">
      {shown.map((notice) => (
        <NoticeCard
          key={notice.id}
          notice={notice}
          action={
            <button
              type="button"
              className="focus-ring -m-1 shrink-0 rounded-lg p-1 text-body/70 hover:bg-body/8 hover:text-body"
              aria-label={t("profile.notices.dismiss", { name: notice.name })}
              onClick={() => setDismissed(dismissNotice(contactId, notice.id))}
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          }
        />
      ))}
    </section>
  );
}
