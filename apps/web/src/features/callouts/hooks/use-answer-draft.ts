import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { CalloutForm } from "@cohort/common/callout-form";
import { sessionStorageIfAllowed } from "../../../app/shell/preload-recovery";
import { initialAnswers } from "../form/answer-values";
import type { AnswerDraft } from "./answer-draft";
import { clearDraft, isUntouched, readDraft, saveDraft } from "./answer-draft";

/** How long typing has to pause before the draft is written. */
export const DRAFT_SAVE_DELAY_MS = 400;

export interface AnswerDraftControl {
  /** The draft found as the form mounted, to start from; null once the respondent starts over. */
  restored: AnswerDraft | null;
  /** Keeps the respondent's progress, a moment after the last change. */
  save: (progress: AnswerDraft) => void;
  /** Forgets the draft: the answers were sent. */
  clear: () => void;
  /** Forgets the draft and the restored answers, to start the form afresh. */
  startOver: () => void;
}

/**
 * A draft of a form's answers kept in this tab under the key, so that a reload does not lose them
 * (decision 048). Without a key, nothing is read or kept.
 */
export function useAnswerDraft(key: string | undefined, form: CalloutForm): AnswerDraftControl {
  const start = useMemo(() => initialAnswers(form, undefined), [form]);
  // Read as the form first renders: the restored answers are in its first view, and what a visitor
  // typed on the server's rendered page before the app took over is put back over them (decision 047).
  const [restored, setRestored] = useState(() => {
    const draft = key ? readDraft(sessionStorageIfAllowed(), key) : null;
    return draft && !isUntouched(draft, start) ? draft : null;
  });
  const pending = useRef<AnswerDraft | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const draft = pending.current;
    pending.current = null;
    if (!key || !draft) return;
    // Nothing typed yet, or all of it taken back: no draft to offer after a reload.
    if (isUntouched(draft, start)) clearDraft(sessionStorageIfAllowed(), key);
    else saveDraft(sessionStorageIfAllowed(), key, draft);
  }, [key, start]);

  const save = useCallback(
    (progress: AnswerDraft) => {
      if (!key) return;
      pending.current = progress;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
    },
    [key, flush],
  );

  // A reload, or the tab going to the background (where a phone may drop it), does not wait.
  useEffect(() => {
    if (!key) return;
    const handleVisibility = () => {
      if (document.visibilityState === "hidden") flush();
    };
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", handleVisibility);
    return () => {
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", handleVisibility);
      flush();
    };
  }, [key, flush]);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
    if (key) clearDraft(sessionStorageIfAllowed(), key);
  }, [key]);

  const startOver = useCallback(() => {
    clear();
    setRestored(null);
  }, [clear]);

  return { restored, save, clear, startOver };
}
