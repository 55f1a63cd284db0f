import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CircleCheck, Lock, Megaphone } from "lucide-react";
import type { Callout } from "@cohort/common/callouts";
import { Badge } from "../../../ui/badge";

/** One open callout in the list: image, title, summary and who may answer. */
export function CalloutCard({ callout }: { callout: Callout }) {
  const { t } = useTranslation();
  return (
    <li className="group relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5 transition-shadow hover:shadow-md">
      {callout.image ? (
        <img src={callout.image} alt="" className="aspect-[16/9] w-full bg-body/5 object-cover" loading="lazy" />
      ) : (
        // Without an image, a deliberate cover in the theme's colours rather than an empty frame.
        <div
          aria-hidden
          className="grid aspect-[16/9] w-full place-items-center bg-gradient-to-br from-primary/15 to-link/10 text-primary/35"
        >
          <Megaphone className="size-12" strokeWidth={1.5} />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-5">
        {(callout.access === "member" || callout.hasAnswered) && (
          <div className="flex flex-wrap gap-2">
            {callout.access === "member" && (
              <Badge tone="primary">
                <Lock aria-hidden className="mr-1 inline size-3.5 align-[-2px]" />
                {t("callouts.list.membersOnly")}
              </Badge>
            )}
            {callout.hasAnswered && (
              <Badge tone="success">
                <CircleCheck aria-hidden className="mr-1 inline size-3.5 align-[-2px]" />
                {t("callouts.list.answered")}
              </Badge>
            )}
          </div>
        )}
        <h2 className="text-lg font-bold">
          <Link
            to={`/callouts/${encodeURIComponent(callout.slug)}`}
            className="focus-ring rounded-sm after:absolute after:inset-0"
          >
            {callout.title}
          </Link>
        </h2>
        {callout.excerpt && <p className="line-clamp-3 text-body/75">{callout.excerpt}</p>}
      </div>
    </li>
  );
}
