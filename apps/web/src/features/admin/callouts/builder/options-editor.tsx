import { useTranslation } from "react-i18next";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import type { FormComponent, SelectOption } from "@cohort/common/callout-form";
import { componentOptions } from "@cohort/common/callout-form";
import { Button } from "../../../../ui/button";
import { FieldMessage } from "../../../../ui/field-message";
import { Input } from "../../../../ui/input";
import { Select } from "../../../../ui/select";
import { useFieldError } from "../editor/editor-context";
import { keyFromLabel, uniqueKey } from "./component-keys";

interface OptionsEditorProps {
  component: FormComponent;
  path: string;
  /** Slides a radio or checkbox option can send the respondent to. */
  slides: readonly { id: string; title: string }[];
  onPatch: (patch: Partial<FormComponent>) => void;
}

/** The option list of a select, radio or checkbox group: label, value and, for branching, the next slide. */
export function OptionsEditor({ component, path, slides, onPatch }: OptionsEditorProps) {
  const { t } = useTranslation();
  const error = useFieldError(`${path}.options`);
  const options = componentOptions(component);
  const canBranch = component.type === "radio" || component.type === "selectboxes";
  const errorId = `${component.id}-options-error`;

  const save = (values: SelectOption[]) =>
    onPatch(component.type === "select" ? { data: { ...component.data, values } } : { values });
  const change = (index: number, patch: Partial<SelectOption>) =>
    save(options.map((option, at) => (at === index ? { ...option, ...patch } : option)));
  const move = (index: number, offset: -1 | 1) => {
    const next = [...options];
    const [option] = next.splice(index, 1);
    if (option) next.splice(index + offset, 0, option);
    save(next);
  };
  const add = () => {
    const label = t("adminCallouts.builder.optionLabel", { n: options.length + 1 });
    const value = uniqueKey(keyFromLabel(label) || "option", new Set(options.map((option) => option.value)));
    save([...options, { label, value }]);
  };

  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-bold">{t("adminCallouts.properties.options")}</legend>
      <ol className="space-y-2">
        {options.map((option, index) => {
          const name = option.label || String(index + 1);
          return (
            <li key={index} className="rounded-lg bg-canvas p-2 ring-1 ring-black/5">
              <div className="flex flex-wrap items-center gap-2">
                <Input
                  size="sm"
                  className="min-w-28 flex-1"
                  aria-label={t("adminCallouts.properties.optionLabel", { n: index + 1 })}
                  value={option.label}
                  onChange={(event) => {
                    const follows = option.value === keyFromLabel(option.label);
                    change(index, {
                      label: event.target.value,
                      ...(follows ? { value: keyFromLabel(event.target.value) } : {}),
                    });
                  }}
                />
                <Input
                  size="sm"
                  className="w-32 font-mono"
                  aria-label={t("adminCallouts.properties.optionValue", { n: index + 1 })}
                  value={option.value}
                  spellCheck={false}
                  onChange={(event) => change(index, { value: event.target.value })}
                />
                <span className="flex">
                  <Button
                    variant="ghost"
                    size="sm"
                    className="px-2"
                    disabled={index === 0}
                    aria-label={t("adminCallouts.properties.optionUp", { name })}
                    icon={<ArrowUp aria-hidden className="size-4" />}
                    onClick={() => move(index, -1)}
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    className="px-2"
                    disabled={index === options.length - 1}
                    aria-label={t("adminCallouts.properties.optionDown", { name })}
                    icon={<ArrowDown aria-hidden className="size-4" />}
                    onClick={() => move(index, 1)}
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    className="px-2"
                    aria-label={t("adminCallouts.properties.optionRemove", { name })}
                    icon={<Trash2 aria-hidden className="size-4 text-danger" />}
                    onClick={() => save(options.filter((_, at) => at !== index))}
                  />
                </span>
              </div>
              {canBranch && slides.length > 1 && (
                <label className="mt-2 flex items-center gap-2 text-xs">
                  <span className="text-body/75">{t("adminCallouts.properties.optionNext")}</span>
                  <Select
                    size="sm"
                    className="min-w-40 flex-1"
                    value={option.nextSlideId ?? ""}
                    onChange={(event) => {
                      const { nextSlideId: _old, ...rest } = option;
                      const next = event.target.value ? { ...rest, nextSlideId: event.target.value } : rest;
                      save(options.map((item, at) => (at === index ? next : item)));
                    }}
                  >
                    <option value="">{t("adminCallouts.properties.optionNextDefault")}</option>
                    {slides.map((slide) => (
                      <option key={slide.id} value={slide.id}>
                        {slide.title || slide.id}
                      </option>
                    ))}
                  </Select>
                </label>
              )}
            </li>
          );
        })}
      </ol>
      <Button variant="secondary" size="sm" icon={<Plus aria-hidden className="size-4" />} onClick={add}>
        {t("adminCallouts.properties.optionAdd")}
      </Button>
      <FieldMessage id={errorId} hintId={`${errorId}-hint`} error={error} />
    </fieldset>
  );
}
