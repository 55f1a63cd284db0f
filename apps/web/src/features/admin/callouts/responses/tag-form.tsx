import type { ReactNode } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TAG_DESCRIPTION_MAX_LENGTH, TAG_NAME_MAX_LENGTH } from "@cohort/common/callouts";
import type { CreateCalloutTag } from "@cohort/common/callouts";
import { messageForError } from "../../../../api/error-messages";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { TextField } from "../../../../ui/text-field";
import { TextareaField } from "../../../../ui/textarea-field";

interface TagFormProps {
  initial?: CreateCalloutTag;
  submitLabel: string;
  onSubmit: (input: CreateCalloutTag) => Promise<void>;
  /** Extra buttons beside the submit button (cancel). */
  children?: ReactNode;
  autoFocus?: boolean;
}

/** A callout tag's name and what it is for. */
export function TagForm({ initial, submitLabel, onSubmit, children, autoFocus = false }: TagFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial?.name ?? "");
  const [description, setDescription] = useState(initial?.description ?? "");
  const [isMissing, setIsMissing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [isPending, setIsPending] = useState(false);

  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) {
          setIsMissing(true);
          return;
        }
        setError(null);
        setIsPending(true);
        onSubmit({ name: name.trim(), description: description.trim() })
          .then(() => {
            if (!initial) {
              setName("");
              setDescription("");
            }
          })
          .catch(setError)
          .finally(() => setIsPending(false));
      }}
    >
      <TextField
        label={t("adminResponses.tags.name")}
        value={name}
        maxLength={TAG_NAME_MAX_LENGTH}
        autoFocus={autoFocus}
        error={isMissing && !name.trim() ? t("adminResponses.tags.nameRequired") : undefined}
        onChange={(event) => setName(event.target.value)}
      />
      <TextareaField
        label={t("adminResponses.tags.description")}
        hint={t("adminResponses.tags.descriptionHint")}
        rows={2}
        value={description}
        maxLength={TAG_DESCRIPTION_MAX_LENGTH}
        onChange={(event) => setDescription(event.target.value)}
      />
      {Boolean(error) && <Alert variant="error">{t(messageForError(error))}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" isLoading={isPending}>
          {submitLabel}
        </Button>
        {children}
      </div>
    </form>
  );
}
