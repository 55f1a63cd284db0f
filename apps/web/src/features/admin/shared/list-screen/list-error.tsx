import { useTranslation } from "react-i18next";
import { RotateCcw } from "lucide-react";
import { knownErrorCode } from "../../../../api/client-error";
import { messageForError } from "../../../../api/error-messages";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";

/** How a list with a filter panel answers a filter the server refused (`invalid-rule`). */
export interface RuleErrorTexts {
  /** Where the texts sit: `<keys>.empty.fixFilter`, `<keys>.filters.edit` and `<keys>.filters.clear`. */
  keys: string;
  /** The filter panel is open and already shows the reason. */
  isPanelOpen: boolean;
  onEdit: () => void;
  /** A way to drop the filter, where the list offers one beside "edit". */
  onClear?: () => void;
}

interface ListErrorProps {
  error: unknown;
  /** Inside the list's card, with room around it. */
  isInset: boolean;
  onRetry: () => void;
  rule?: RuleErrorTexts | undefined;
}

/** Why the list could not be read, with a way to read it again — or to mend a refused filter. */
export function ListError({ error, isInset, onRetry, rule }: ListErrorProps) {
  const { t } = useTranslation();
  const refused = rule && knownErrorCode(error) === "invalid-rule" ? rule : undefined;
  if (refused?.isPanelOpen) {
    return <p className="p-6 text-center text-body/70">{t(`${refused.keys}.empty.fixFilter`)}</p>;
  }
  const alert = (
    <Alert variant="error" title={t(messageForError(error))}>
      {refused && error instanceof Error && <p>{error.message}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        {refused ? (
          <>
            <Button size="sm" variant="secondary" onClick={refused.onEdit}>
              {t(`${refused.keys}.filters.edit`)}
            </Button>
            {refused.onClear && (
              <Button size="sm" variant="ghost" onClick={refused.onClear}>
                {t(`${refused.keys}.filters.clear`)}
              </Button>
            )}
          </>
        ) : (
          <Button size="sm" variant="secondary" icon={<RotateCcw aria-hidden className="size-4" />} onClick={onRetry}>
            {t("common.retry")}
          </Button>
        )}
      </div>
    </Alert>
  );
  return isInset ? <div className="p-4 sm:p-6">{alert}</div> : alert;
}
