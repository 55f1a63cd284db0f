import { useTranslation } from "react-i18next";
import type { FormComponent } from "@cohort/common/callout-form";
import { componentOptions, flattenComponents, isInputComponent } from "@cohort/common/callout-form";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { SelectField } from "../../../../ui/select-field";
import { TextField } from "../../../../ui/text-field";
import { useFieldError } from "../editor/editor-context";

interface ConditionalFieldsProps {
  component: FormComponent;
  path: string;
  slideComponents: readonly FormComponent[];
  onPatch: (patch: Partial<FormComponent>) => void;
}

const isShown = (show: unknown) => show !== false && show !== "false";

/** Form.io's simple condition: show or hide this component when another answer of the slide equals a value. */
export function ConditionalFields({ component, path, slideComponents, onPatch }: ConditionalFieldsProps) {
  const { t } = useTranslation();
  const whenError = useFieldError(`${path}.conditional.when`);
  const conditional = component.conditional;
  const isOn = Boolean(conditional?.when);
  const others = flattenComponents(slideComponents).filter(
    (other) => other.id !== component.id && isInputComponent(other),
  );
  const source = others.find((other) => other.key === conditional?.when);
  const options = source ? componentOptions(source) : [];
  const eq = conditional?.eq === undefined || conditional.eq === null ? "" : String(conditional.eq);
  const update = (patch: Partial<NonNullable<FormComponent["conditional"]>>) =>
    onPatch({ conditional: { show: true, ...conditional, ...patch } });

  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">{t("adminCallouts.properties.conditionTitle")}</legend>
      <CheckboxField
        label={t("adminCallouts.properties.conditionToggle")}
        description={t("adminCallouts.properties.conditionHint")}
        checked={isOn}
        disabled={!isOn && others.length === 0}
        onChange={(event) => {
          if (!event.target.checked) {
            onPatch({ conditional: undefined });
            return;
          }
          update({ show: true, when: others[0]?.key ?? "", eq: "" });
        }}
      />
      {isOn && (
        <div className="grid gap-3 sm:grid-cols-3">
          <SelectField
            label={t("adminCallouts.properties.conditionShow")}
            value={isShown(conditional?.show) ? "show" : "hide"}
            onChange={(event) => update({ show: event.target.value === "show" })}
          >
            <option value="show">{t("adminCallouts.properties.conditionShowOption")}</option>
            <option value="hide">{t("adminCallouts.properties.conditionHideOption")}</option>
          </SelectField>
          <SelectField
            label={t("adminCallouts.properties.conditionWhen")}
            value={conditional?.when ?? ""}
            error={whenError}
            onChange={(event) => update({ when: event.target.value, eq: "" })}
          >
            {!source && <option value={conditional?.when ?? ""}>{conditional?.when}</option>}
            {others.map((other) => (
              <option key={other.id} value={other.key}>
                {other.label || other.key}
              </option>
            ))}
          </SelectField>
          {options.length > 0 || source?.type === "checkbox" ? (
            <SelectField
              label={t("adminCallouts.properties.conditionEq")}
              value={eq}
              onChange={(event) =>
                update({ eq: source?.type === "checkbox" ? event.target.value === "true" : event.target.value })
              }
            >
              <option value="">–</option>
              {source?.type === "checkbox" ? (
                <>
                  <option value="true">{t("adminCallouts.properties.checked")}</option>
                  <option value="false">{t("adminCallouts.properties.unchecked")}</option>
                </>
              ) : (
                options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))
              )}
            </SelectField>
          ) : (
            <TextField
              label={t("adminCallouts.properties.conditionEq")}
              value={eq}
              onChange={(event) => update({ eq: event.target.value })}
            />
          )}
        </div>
      )}
    </fieldset>
  );
}
