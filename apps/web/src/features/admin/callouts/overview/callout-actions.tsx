import type { ReactNode } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { CircleStop, Copy, Eye, Pencil, RotateCcw, Send, Trash2, Undo2 } from "lucide-react";
import type { Callout, CalloutStatus, UpdateCallout } from "@cohort/common/callouts";
import { messageForError } from "../../../../api/error-messages";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { linkButtonClass } from "../../../../ui/link-button-class";
import { useChangeCallout, useDeleteCallout, useReplicateCallout } from "../hooks/use-callout-mutations";

export type CalloutAction = "publish" | "revert" | "end" | "reopen" | "replicate" | "delete";

/** Which state changes make sense for a callout in each state. */
export function actionsFor(status: CalloutStatus): CalloutAction[] {
  const changes: Record<CalloutStatus, CalloutAction[]> = {
    draft: ["publish"],
    scheduled: ["publish", "revert"],
    open: ["end", "revert"],
    ended: ["reopen", "revert"],
  };
  return [...changes[status], "replicate", "delete"];
}

/** The dates each state change sends; a publish keeps an end date that is still ahead. */
export function actionChange(action: CalloutAction, callout: Callout, now: Date): UpdateCallout | null {
  switch (action) {
    case "publish":
      return {
        starts: now.toISOString(),
        expires: callout.expires && new Date(callout.expires) > now ? callout.expires : null,
      };
    case "revert":
      return { starts: null, expires: null };
    case "end":
      return { expires: now.toISOString() };
    case "reopen":
      return { expires: null };
    default:
      return null;
  }
}

const icons: Record<CalloutAction, ReactNode> = {
  publish: <Send aria-hidden className="size-4" />,
  revert: <Undo2 aria-hidden className="size-4" />,
  end: <CircleStop aria-hidden className="size-4" />,
  reopen: <RotateCcw aria-hidden className="size-4" />,
  replicate: <Copy aria-hidden className="size-4" />,
  delete: <Trash2 aria-hidden className="size-4" />,
};

/** Edit, preview and every change of state, each confirmed first. */
export function CalloutActions({ callout }: { callout: Callout }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pending, setPending] = useState<CalloutAction | null>(null);
  const change = useChangeCallout(callout.id);
  const replicate = useReplicateCallout(callout.id);
  const remove = useDeleteCallout(callout.id);
  const error = change.error ?? replicate.error ?? remove.error;
  const isWorking = change.isPending || replicate.isPending || remove.isPending;
  const title = callout.title || t("adminCallouts.untitled");

  const done = (action: CalloutAction) => {
    setPending(null);
    notifications.addToast({ variant: "success", title: t(`adminCallouts.actions.${action}.done`, { title }) });
  };

  const handleConfirm = () => {
    if (!pending) return;
    const action = pending;
    if (action === "replicate") {
      replicate.mutate(undefined, {
        onSuccess: (copy) => {
          done(action);
          void navigate(`/admin/callouts/edit/${copy.id}?replicated`);
        },
      });
    } else if (action === "delete") {
      remove.mutate(undefined, {
        onSuccess: () => {
          done(action);
          void navigate("/admin/callouts", { replace: true });
        },
      });
    } else {
      const body = actionChange(action, callout, new Date());
      if (body) change.mutate(body, { onSuccess: () => done(action) });
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Link to={`/admin/callouts/edit/${callout.id}`} className={linkButtonClass("primary", "sm")}>
        <Pencil aria-hidden className="size-4" />
        {t("adminCallouts.actions.edit")}
      </Link>
      <a
        href={`/callouts/${encodeURIComponent(callout.slug)}?preview`}
        target="_blank"
        rel="noreferrer"
        className={linkButtonClass("secondary", "sm")}
      >
        <Eye aria-hidden className="size-4" />
        {t("adminCallouts.actions.preview")}
      </a>
      {actionsFor(callout.status).map((action) => (
        <Button
          key={action}
          size="sm"
          variant={action === "delete" ? "danger" : "secondary"}
          icon={icons[action]}
          onClick={() => {
            change.reset();
            replicate.reset();
            remove.reset();
            setPending(action);
          }}
        >
          {t(`adminCallouts.actions.${action}.button`)}
        </Button>
      ))}
      <ConfirmDialog
        isOpen={pending !== null}
        title={pending ? t(`adminCallouts.actions.${pending}.title`, { title }) : ""}
        description={pending ? t(`adminCallouts.actions.${pending}.description`) : undefined}
        confirmLabel={pending ? t(`adminCallouts.actions.${pending}.confirm`) : ""}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        variant={pending === "delete" || pending === "end" ? "danger" : "primary"}
        isPending={isWorking}
        onConfirm={handleConfirm}
        onClose={() => setPending(null)}
      >
        {error && <Alert variant="error">{t(messageForError(error))}</Alert>}
      </ConfirmDialog>
    </div>
  );
}
