import { useTranslation } from "react-i18next";
import type { FormComponent } from "@cohort/common/callout-form";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { TextField } from "../../../../ui/text-field";
import { RichTextEditor } from "../../shared/rich-text/rich-text-editor";
import { withProperty } from "./component-patch";

interface TypeFieldsProps {
  component: FormComponent;
  onPatch: (patch: Partial<FormComponent>) => void;
}

const toDateInput = (value: string | null | undefined) => (value ? value.slice(0, 10) : "");

/** Settings that only some kinds of component have: dates, files, money and content. */
export function TypeFields({ component, onPatch }: TypeFieldsProps) {
  const { t } = useTranslation();
  switch (component.type) {
    case "datetime":
      return (
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-bold">{t("adminCallouts.properties.dateSettings")}</legend>
          <CheckboxField
            label={t("adminCallouts.properties.enableTime")}
            checked={component.widget?.enableTime !== false}
            onChange={(event) => onPatch({ widget: { ...component.widget, enableTime: event.target.checked } })}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            {(["minDate", "maxDate"] as const).map((name) => (
              <TextField
                key={name}
                type="date"
                label={t(`adminCallouts.properties.${name}`)}
                value={toDateInput(component.widget?.[name])}
                onChange={(event) =>
                  onPatch({ widget: withProperty(component.widget, name, event.target.value || undefined) })
                }
              />
            ))}
          </div>
        </fieldset>
      );
    case "file":
      return (
        <CheckboxField
          label={t("adminCallouts.properties.multipleFiles")}
          checked={component.multiple === true}
          onChange={(event) => onPatch({ multiple: event.target.checked })}
        />
      );
    case "currency":
      return (
        <TextField
          label={t("adminCallouts.properties.currency")}
          hint={t("adminCallouts.properties.currencyHint")}
          value={component.currency ?? ""}
          maxLength={3}
          className="max-w-40"
          onChange={(event) => onPatch({ currency: event.target.value.toUpperCase() })}
        />
      );
    case "content":
      return (
        <RichTextEditor
          // Another component's text starts with its own history of changes.
          key={component.key}
          id={`${component.key}-content`}
          label={t("adminCallouts.properties.html")}
          value={component.html ?? ""}
          onChange={(html) => onPatch({ html })}
        />
      );
    default:
      return null;
  }
}
