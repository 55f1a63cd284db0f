import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FieldMessage } from "../../../ui/field-message";

interface FieldFrameProps {
  controlId: string;
  label: string;
  description?: string | undefined;
  error?: string | undefined;
  isRequired: boolean;
  /** The `lang` of the label (the callout's text), when it is not the page's. */
  textLang?: string | undefined;
  /** The `lang` of the description, when it is not the page's. */
  descriptionLang?: string | undefined;
  /** Several controls (radio buttons, check boxes): a fieldset with a legend instead of a label. */
  isGroup?: boolean;
  /**
   * Radio buttons shown as an answer being read: the group says it is read-only, since a
   * radio button itself can't (ARIA allows `aria-readonly` on the radio group only).
   */
  isReadOnlyRadioGroup?: boolean;
  children: ReactNode;
}

/** Ids of the texts that describe a control. */
export function describedBy(controlId: string, description: string | undefined, error: string | undefined) {
  return [description && `${controlId}-hint`, error && `${controlId}-error`].filter(Boolean).join(" ") || undefined;
}

/** The label, description and error around one form component. */
export function FieldFrame({
  controlId,
  label,
  description,
  error,
  isRequired,
  textLang,
  descriptionLang,
  isGroup,
  isReadOnlyRadioGroup,
  children,
}: FieldFrameProps) {
  const { t } = useTranslation();
  const labelContent = (
    <>
      <span lang={textLang}>{label}</span>
      {isRequired && (
        <span className="ml-1 text-danger" title={t("callouts.form.required")}>
          *<span className="sr-only"> {t("callouts.form.required")}</span>
        </span>
      )}
    </>
  );
  const message = (
    <FieldMessage
      id={`${controlId}-error`}
      hint={description}
      hintId={`${controlId}-hint`}
      hintLang={descriptionLang}
      error={error}
    />
  );
  if (isGroup) {
    return (
      <fieldset
        id={controlId}
        role={isReadOnlyRadioGroup ? "radiogroup" : undefined}
        aria-readonly={isReadOnlyRadioGroup || undefined}
        aria-describedby={describedBy(controlId, description, error)}
        className="min-w-0"
      >
        <legend className="mb-2 text-sm font-semibold text-body">{labelContent}</legend>
        {children}
        {message}
      </fieldset>
    );
  }
  return (
    <div>
      <label htmlFor={controlId} className="mb-1.5 block text-sm font-semibold text-body">
        {labelContent}
      </label>
      {children}
      {message}
    </div>
  );
}
