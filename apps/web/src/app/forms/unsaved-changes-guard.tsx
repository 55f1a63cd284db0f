import type { RefObject } from "react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "../../ui/confirm-dialog";

/**
 * Asks before leaving a form with changes that are not saved, in the app
 * and when closing the tab. `skipRef` lets a save move on at once; a form
 * that resets itself when it saves needs none.
 */
export function UnsavedChangesGuard({
  when,
  skipRef,
  description,
}: {
  when: boolean;
  skipRef?: RefObject<boolean>;
  /** What is lost by leaving. */
  description: string;
}) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && !skipRef?.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", handleBeforeUnload);
    return () => window.removeEventListener("beforeunload", handleBeforeUnload);
  }, [when]);

  return (
    <ConfirmDialog
      isOpen={blocker.state === "blocked"}
      title={t("adminCallouts.editor.leaveTitle")}
      description={description}
      confirmLabel={t("adminCallouts.editor.leaveConfirm")}
      cancelLabel={t("adminCallouts.editor.leaveCancel")}
      closeLabel={t("common.close")}
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}
