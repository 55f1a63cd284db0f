import { useTranslation } from "react-i18next";
import type { CalloutForm } from "@cohort/common/callout-form";
import { identifiesPerson, inputComponents, publicAnswers } from "@cohort/common/callout-form";
import { Badge } from "../../../../ui/badge";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";

interface PublicDisplayWarningProps {
  isOpen: boolean;
  form: Pick<CalloutForm, "slides">;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asked when an admin switches the public map or gallery on: which answers
 * everyone will then read, by question, with those that identify a person
 * marked, and those kept private because they would (decision 053).
 */
export function PublicDisplayWarning({ isOpen, form, onConfirm, onClose }: PublicDisplayWarningProps) {
  const { t } = useTranslation();
  const shown = publicAnswers(form);
  const keptPrivate = inputComponents(form)
    .filter(({ component }) => identifiesPerson(component))
    .filter(({ fullKey }) => !shown.some((answer) => answer.fullKey === fullKey))
    .map(({ fullKey, component }) => ({ fullKey, label: component.label?.trim() || component.key }));
  const showsPeople = shown.some((answer) => answer.identifiesPerson);

  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={t("adminCallouts.display.warning.title")}
      description={t("adminCallouts.display.warning.intro")}
      confirmLabel={t("adminCallouts.display.warning.confirm")}
      cancelLabel={t("adminCallouts.display.warning.cancel")}
      closeLabel={t("common.close")}
      variant="primary"
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <div className="space-y-4 text-sm">
        <section aria-labelledby="public-answers-title" className="space-y-2">
          <h3 id="public-answers-title" className="font-semibold">
            {t("adminCallouts.display.warning.publicTitle")}
          </h3>
          {shown.length === 0 ? (
            <p className="text-body/70">{t("adminCallouts.display.warning.noneShown")}</p>
          ) : (
            <ul className="list-disc space-y-1.5 ps-5" data-testid="public-answers">
              {shown.map((answer) => (
                <li key={answer.fullKey} className="break-words">
                  {answer.label}
                  {answer.identifiesPerson && (
                    <Badge tone="danger" className="ms-2 align-middle">
                      {t("adminCallouts.display.warning.identifies")}
                    </Badge>
                  )}
                </li>
              ))}
            </ul>
          )}
          {showsPeople && (
            <p role="note" className="rounded-lg bg-danger/10 p-3 text-danger-text">
              {t("adminCallouts.display.warning.peopleShown")}
            </p>
          )}
        </section>
        {keptPrivate.length > 0 && (
          <section aria-labelledby="private-answers-title" className="space-y-2">
            <h3 id="private-answers-title" className="font-semibold">
              {t("adminCallouts.display.warning.privateTitle")}
            </h3>
            <ul className="list-disc space-y-1 ps-5 text-body/80" data-testid="private-answers">
              {keptPrivate.map((answer) => (
                <li key={answer.fullKey} className="break-words">
                  {answer.label}
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </ConfirmDialog>
  );
}
