import type { ReactNode } from "react";
import { Megaphone } from "lucide-react";
import type { Notice } from "@cohort/common/notices";
import { linkButtonClass } from "../../ui/link-button-class";
import { RichText } from "../../ui/rich-text";

interface NoticeCardProps {
  notice: Notice;
  /** A control beside the title, such as the dismiss button. */
  action?: ReactNode;
}

/** A notice as members see it on their home page. */
export function NoticeCard({ notice, action }: NoticeCardProps) {
  const isExternal = notice.url ? /^(https?:|mailto:)/i.test(notice.url) : false;
  return (
    <article
      aria-label={notice.name}
      className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-primary/25 sm:p-6"
    >
      <Megaphone aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
      <div className="min-w-0 flex-1 space-y-3">
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-lg font-bold break-words">{notice.name}</h3>
          {action}
        </div>
        <RichText html={notice.text} className="text-body/85" />
        {notice.buttonText && notice.url && (
          <a
            href={notice.url}
            className={linkButtonClass("primary", "sm")}
            {...(isExternal ? { target: "_blank", rel: "noopener noreferrer" } : {})}
          >
            {notice.buttonText}
          </a>
        )}
      </div>
    </article>
  );
}
