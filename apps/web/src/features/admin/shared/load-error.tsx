import { useTranslation } from "react-i18next";
import { messageForError } from "../../../api/error-messages";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";

/** What a tab shows when its settings could not be read, with a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3">
      <Alert variant="error" title={t("adminMembership.loadFailed")}>
        {t(messageForError(error))}
      </Alert>
      <Button variant="secondary" onClick={onRetry}>
        {t("common.retry")}
      </Button>
    </div>
  );
}
