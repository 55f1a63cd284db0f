import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../ui/spinner";

interface FlowStepProps {
  /** Runs once when the page opens; it navigates on its own. */
  run: () => Promise<void>;
}

/** A page of the loading layout that finishes a step with the server and moves on. */
export function FlowStep({ run }: FlowStepProps) {
  const { t } = useTranslation();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run();
  }, [run]);
  return (
    <div role="status" className="flex flex-col items-center gap-3">
      <Spinner className="size-8" />
      <p className="text-body/75">{t("join.working")}</p>
    </div>
  );
}
