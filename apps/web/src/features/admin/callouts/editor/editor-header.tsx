import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useWatch } from "react-hook-form";
import { Link } from "react-router";
import { ArrowLeft, CalendarClock, Eye, Save, Send, Undo2 } from "lucide-react";
import type { Callout } from "@cohort/common/callouts";
import { Button } from "../../../../ui/button";
import { linkClass } from "../../../../ui/class-names";
import { StatusBadge } from "../components/status-badge";
import type { CalloutEditorValues } from "./editor-values";
import type { SaveIntent } from "./save-intent";
import { saveIntents } from "./save-intent";

interface EditorHeaderProps {
  callout: Callout | null;
  isSaving: boolean;
  savingIntent: SaveIntent | undefined;
  onSave: (intent: SaveIntent) => void;
  onPreview: () => void;
}

/** Where the editor is, and the buttons that preview and save. */
export function EditorHeader({ callout, isSaving, savingIntent, onSave, onPreview }: EditorHeaderProps) {
  const { t } = useTranslation();
  const startMode = useWatch<CalloutEditorValues, "startMode">({ name: "startMode" });
  const status = callout?.status ?? null;
  const intents = saveIntents({ id: callout?.id ?? null, status, starts: callout?.starts ?? null });
  const back = callout ? `/admin/callouts/view/${callout.id}` : "/admin/callouts";
  const isScheduling = startMode === "scheduled";

  const labels: Record<SaveIntent, string> = {
    draft: t(status === "scheduled" ? "adminCallouts.editor.revertToDraft" : "adminCallouts.editor.saveDraft"),
    publish: t(isScheduling ? "adminCallouts.editor.schedule" : "adminCallouts.editor.publish"),
    update: t("adminCallouts.editor.update"),
  };
  const icons: Record<SaveIntent, ReactNode> = {
    draft: status === "scheduled" ? <Undo2 aria-hidden className="size-4" /> : <Save aria-hidden className="size-4" />,
    publish: isScheduling ? <CalendarClock aria-hidden className="size-4" /> : <Send aria-hidden className="size-4" />,
    update: <Save aria-hidden className="size-4" />,
  };

  return (
    <header className="space-y-4">
      <Link to={back} className={`${linkClass} inline-flex items-center gap-1.5 text-sm`}>
        <ArrowLeft aria-hidden className="size-4" />
        {t(callout ? "adminCallouts.editor.backToCallout" : "adminCallouts.editor.backToList")}
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight break-words">
              {callout ? t("adminCallouts.editor.editTitle") : t("adminCallouts.editor.newTitle")}
            </h1>
            {status && <StatusBadge status={status} />}
          </div>
          {callout && <p className="break-words text-body/75">{callout.title || t("adminCallouts.untitled")}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="ghost" size="sm" icon={<Eye aria-hidden className="size-4" />} onClick={onPreview}>
            {t("adminCallouts.editor.preview")}
          </Button>
          {intents.map((intent) => (
            <Button
              key={intent}
              size="sm"
              variant={intent === "draft" ? "secondary" : "primary"}
              isLoading={isSaving && savingIntent === intent}
              disabled={isSaving}
              icon={icons[intent]}
              onClick={() => onSave(intent)}
            >
              {labels[intent]}
            </Button>
          ))}
        </div>
      </div>
    </header>
  );
}
