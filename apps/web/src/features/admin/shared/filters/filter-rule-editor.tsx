import { useTranslation } from "react-i18next";
import { Trash2 } from "lucide-react";
import type { Operator, RuleValue } from "@cohort/common/filters";
import { operatorsFor } from "@cohort/common/filters";
import { Button } from "../../../../ui/button";
import { Select } from "../../../../ui/select";
import type { FilterCatalogue, ValueEditorProps } from "./filter-catalogue";
import { fieldLabelOf } from "./filter-catalogue";
import type { DraftRule } from "./filter-draft";
import { withField, withOperator } from "./filter-draft";
import { operatorLabelKey } from "./filter-labels";
import { FilterValueInput } from "./filter-value-input";

interface FilterRuleEditorProps {
  catalogue: FilterCatalogue;
  rule: DraftRule;
  /** Shown when the rule misses something. */
  isIncomplete: boolean;
  shouldFocus: boolean;
  onChange: (rule: DraftRule) => void;
  onRemove: () => void;
}

/** One rule: field, operator and as many values as the operator needs. */
export function FilterRuleEditor({
  catalogue,
  rule,
  isIncomplete,
  shouldFocus,
  onChange,
  onRemove,
}: FilterRuleEditorProps) {
  const { t } = useTranslation();
  const definition = catalogue.definitionOf(rule.field);
  const fieldLabel = definition ? fieldLabelOf(catalogue, rule.field) : rule.field;
  const errorId = `${rule.key}-error`;

  const setValue = (index: number, value: RuleValue | null) =>
    onChange({ ...rule, values: rule.values.map((current, position) => (position === index ? value : current)) });

  return (
    <div
      role="group"
      aria-label={fieldLabel || t("admin.contacts.filters.newRule")}
      aria-describedby={isIncomplete ? errorId : undefined}
      className="rounded-lg bg-white p-2 ring-1 ring-black/10"
    >
      <div className="flex items-start gap-2">
        <div className="grid min-w-0 flex-1 gap-2 sm:flex sm:flex-wrap sm:items-start">
          <Select
            size="sm"
            autoFocus={shouldFocus}
            aria-label={t("admin.contacts.filters.field")}
            hasError={isIncomplete && !definition}
            value={rule.field}
            onChange={(event) => onChange(withField(catalogue.definitionOf, rule, event.target.value))}
            className="sm:w-52"
          >
            <option value="" disabled>
              {t("admin.contacts.filters.chooseField")}
            </option>
            {catalogue.groups.map((group) => (
              <optgroup key={group.key} label={group.label}>
                {group.fields.map((choice) => (
                  <option key={choice.field} value={choice.field}>
                    {choice.label}
                  </option>
                ))}
              </optgroup>
            ))}
            {rule.field && !definition && <option value={rule.field}>{rule.field}</option>}
          </Select>
          {definition && (
            <Select
              size="sm"
              aria-label={t("admin.contacts.filters.operator")}
              value={rule.operator}
              onChange={(event) => onChange(withOperator(catalogue.definitionOf, rule, event.target.value as Operator))}
              className="sm:w-48"
            >
              {operatorsFor(definition).map((operator) => (
                <option key={operator} value={operator}>
                  {t(operatorLabelKey(definition.type, operator))}
                </option>
              ))}
            </Select>
          )}
          {definition &&
            rule.values.map((value, index) => (
              <div key={index} className="flex min-w-0 items-center gap-2 sm:min-w-48 sm:flex-1">
                {index > 0 && <span className="text-sm text-body/70">{t("admin.contacts.filters.and")}</span>}
                <div className="min-w-0 flex-1">
                  <RuleValueInput
                    catalogue={catalogue}
                    field={rule.field}
                    definition={definition}
                    value={value}
                    onChange={(next) => setValue(index, next)}
                    label={
                      rule.values.length > 1
                        ? t("admin.contacts.filters.valueNumbered", { field: fieldLabel, position: index + 1 })
                        : t("admin.contacts.filters.value", { field: fieldLabel })
                    }
                    hasError={isIncomplete && (value === null || value === "")}
                  />
                </div>
              </div>
            ))}
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="px-2"
          aria-label={t("admin.contacts.filters.removeRule", {
            field: fieldLabel || t("admin.contacts.filters.newRule"),
          })}
          icon={<Trash2 aria-hidden className="size-4" />}
          onClick={onRemove}
        />
      </div>
      {isIncomplete && (
        <p id={errorId} className="mt-1.5 px-1 text-sm font-medium text-danger">
          {t("admin.contacts.filters.incomplete")}
        </p>
      )}
    </div>
  );
}

/** The catalogue's own editor for the field when it has one, else the editor of the field's type. */
function RuleValueInput({ catalogue, ...props }: ValueEditorProps & { catalogue: FilterCatalogue }) {
  return catalogue.valueEditor?.(props) ?? <FilterValueInput {...props} optionLabel={catalogue.optionLabel} />;
}
