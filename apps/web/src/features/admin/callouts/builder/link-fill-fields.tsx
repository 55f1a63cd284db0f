import { useTranslation } from "react-i18next";
import type { FormComponent } from "@cohort/common/callout-form";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { CopyField } from "../../../../ui/copy-field";

interface LinkFillFieldsProps {
  component: FormComponent;
  /** The query parameter that fills this input (`linkParamName`). */
  paramName: string;
  onPatch: (patch: Partial<FormComponent>) => void;
}

/**
 * "Filled from the link": the editor expects this answer in the callout's
 * link, sees the parameter to use, and may hide the field from respondents
 * (a hidden input is filled only when it is marked so).
 */
export function LinkFillFields({ component, paramName, onPatch }: LinkFillFieldsProps) {
  const { t } = useTranslation();
  const isOn = component.fillFromLink === true;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-semibold">{t("adminCallouts.properties.linkFill.title")}</legend>
      <CheckboxField
        label={t("adminCallouts.properties.linkFill.label")}
        description={t("adminCallouts.properties.linkFill.hint")}
        checked={isOn}
        onChange={(event) =>
          onPatch(event.target.checked ? { fillFromLink: true } : { fillFromLink: undefined, hidden: undefined })
        }
      />
      {isOn && (
        <>
          <CopyField label={t("adminCallouts.properties.linkFill.param")} value={`?${paramName}=`} isCode />
          <CheckboxField
            label={t("adminCallouts.properties.linkFill.hidden")}
            description={t("adminCallouts.properties.linkFill.hiddenHint")}
            checked={component.hidden === true}
            onChange={(event) => onPatch({ hidden: event.target.checked || undefined })}
          />
        </>
      )}
    </fieldset>
  );
}
