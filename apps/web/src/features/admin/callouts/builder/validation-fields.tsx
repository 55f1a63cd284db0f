import { useTranslation } from "react-i18next";
import type { FormComponent } from "@cohort/common/callout-form";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { TextField } from "../../../../ui/text-field";
import { useFieldError } from "../editor/editor-context";
import { numberOrUndefined, withProperty } from "./component-patch";

interface ValidationFieldsProps {
  component: FormComponent;
  path: string;
  onPatch: (patch: Partial<FormComponent>) => void;
}

type RuleName = "min" | "max" | "minLength" | "maxLength" | "minWords" | "maxWords";

const rulesByType: Partial<Record<FormComponent["type"], readonly RuleName[]>> = {
  textfield: ["minLength", "maxLength", "minWords", "maxWords"],
  textarea: ["minLength", "maxLength", "minWords", "maxWords"],
  number: ["min", "max"],
  currency: ["min", "max"],
};

function RuleField({ name, component, path, onPatch }: ValidationFieldsProps & { name: RuleName }) {
  const { t } = useTranslation();
  const error = useFieldError(`${path}.validate.${name}`);
  const value = component.validate?.[name];
  return (
    <TextField
      label={t(`adminCallouts.properties.rules.${name}`)}
      type="number"
      inputMode="decimal"
      value={value === undefined ? "" : String(value)}
      error={error}
      onChange={(event) =>
        onPatch({ validate: withProperty(component.validate, name, numberOrUndefined(event.target.value)) })
      }
    />
  );
}

/** The checks a respondent's answer must pass, for the kinds of component that have them. */
export function ValidationFields({ component, path, onPatch }: ValidationFieldsProps) {
  const { t } = useTranslation();
  const patternError = useFieldError(`${path}.validate.pattern`);
  const rules = rulesByType[component.type] ?? [];
  const hasPattern = component.type === "textfield" || component.type === "textarea";
  if (rules.length === 0 && !hasPattern && component.type !== "number") return null;

  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm font-bold">{t("adminCallouts.properties.validation")}</legend>
      {rules.length > 0 && (
        <div className="grid gap-3 sm:grid-cols-2">
          {rules.map((name) => (
            <RuleField key={name} name={name} component={component} path={path} onPatch={onPatch} />
          ))}
        </div>
      )}
      {component.type === "number" && (
        <CheckboxField
          label={t("adminCallouts.properties.integer")}
          checked={component.validate?.integer === true}
          onChange={(event) =>
            onPatch({ validate: withProperty(component.validate, "integer", event.target.checked || undefined) })
          }
        />
      )}
      {hasPattern && (
        <TextField
          label={t("adminCallouts.properties.pattern")}
          hint={t("adminCallouts.properties.patternHint")}
          value={component.validate?.pattern ?? ""}
          error={patternError}
          spellCheck={false}
          onChange={(event) =>
            onPatch({ validate: withProperty(component.validate, "pattern", event.target.value || undefined) })
          }
        />
      )}
    </fieldset>
  );
}
