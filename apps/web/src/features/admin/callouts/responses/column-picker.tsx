import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Columns3 } from "lucide-react";
import { Button } from "../../../../ui/button";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { Dialog } from "../../../../ui/dialog";
import type { AnswerField } from "../../shared/answer-fields";
import { MAX_ANSWER_COLUMNS } from "./column-choice";

interface ColumnPickerProps {
  fields: readonly AnswerField[];
  chosen: readonly string[];
  onChange: (keys: string[]) => void;
}

/** Chooses which answers the table shows as columns. */
export function ColumnPicker({ fields, chosen, onChange }: ColumnPickerProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const [draft, setDraft] = useState<string[]>([...chosen]);
  const isFull = draft.length >= MAX_ANSWER_COLUMNS;

  const open = () => {
    setDraft([...chosen]);
    setIsOpen(true);
  };
  const toggle = (key: string, isOn: boolean) =>
    setDraft((current) =>
      isOn
        ? fields.map((field) => field.fullKey).filter((entry) => entry === key || current.includes(entry))
        : current.filter((entry) => entry !== key),
    );

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        icon={<Columns3 aria-hidden className="size-4" />}
        onClick={open}
        disabled={fields.length === 0}
      >
        {t("adminResponses.columns.button")}
      </Button>
      <Dialog
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        size="md"
        title={t("adminResponses.columns.title")}
        description={t("adminResponses.columns.description", { number: MAX_ANSWER_COLUMNS })}
        closeLabel={t("common.close")}
        footer={
          <>
            <Button variant="secondary" size="sm" onClick={() => setIsOpen(false)}>
              {t("common.cancel")}
            </Button>
            <Button
              size="sm"
              onClick={() => {
                onChange(draft);
                setIsOpen(false);
              }}
            >
              {t("adminResponses.columns.save")}
            </Button>
          </>
        }
      >
        <fieldset className="space-y-3">
          <legend className="sr-only">{t("adminResponses.columns.title")}</legend>
          {fields.map((field) => {
            const isChecked = draft.includes(field.fullKey);
            return (
              <CheckboxField
                key={field.fullKey}
                label={field.label}
                checked={isChecked}
                disabled={!isChecked && isFull}
                onChange={(event) => toggle(field.fullKey, event.target.checked)}
              />
            );
          })}
        </fieldset>
      </Dialog>
    </>
  );
}
