import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import { Trash2 } from "lucide-react";
import type { FormComponent } from "@cohort/common/callout-form";
import {
  asksForIdentity,
  identifiesPerson,
  isInputComponent,
  isNestable,
  takesTextAnswer,
} from "@cohort/common/callout-form";
import { Button } from "../../../../ui/button";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { TextField } from "../../../../ui/text-field";
import { TextareaField } from "../../../../ui/textarea-field";
import { useFieldError } from "../editor/editor-context";
import { isKeyDerived } from "./component-keys";
import { labelPatch } from "./component-patch";
import { LinkFillFields } from "./link-fill-fields";
import { ComponentTypeIcon } from "./component-type-icon";
import { ConditionalFields } from "./conditional-fields";
import { OptionsEditor } from "./options-editor";
import { TabPanesEditor } from "./tab-panes-editor";
import { TypeFields } from "./type-fields";
import { ValidationFields } from "./validation-fields";

interface ComponentPropertiesProps {
  component: FormComponent;
  /** Error path of the component, e.g. `slides.0.components.2`. */
  path: string;
  slideComponents: FormComponent[];
  slides: readonly { id: string; title: string }[];
  /** Answers are stored under the key, so a live callout's saved components keep theirs. */
  isKeyLocked: boolean;
  /** The link parameter that fills this input, when it takes a text answer. */
  linkParam?: string | undefined;
  labelRef?: Ref<HTMLInputElement>;
  onPatch: (patch: Partial<FormComponent>) => void;
  onDelete: () => void;
}

const placeholderTypes = new Set([
  "textfield",
  "textarea",
  "number",
  "email",
  "url",
  "phoneNumber",
  "currency",
  "select",
  "address",
]);

/** Everything about the selected component. */
export function ComponentProperties({
  component,
  path,
  slideComponents,
  slides,
  isKeyLocked,
  linkParam,
  labelRef,
  onPatch,
  onDelete,
}: ComponentPropertiesProps) {
  const { t } = useTranslation();
  const labelError = useFieldError(`${path}.label`);
  const keyError = useFieldError(`${path}.key`);
  const isInput = isInputComponent(component);
  const keyFollowsLabel = !isKeyLocked && isKeyDerived(slideComponents, component);
  const hasOptions = ["select", "radio", "selectboxes"].includes(component.type);

  return (
    <section aria-labelledby="properties-title" className="space-y-5">
      <header className="flex items-center justify-between gap-3">
        <h3 id="properties-title" className="flex items-center gap-2 font-bold">
          <ComponentTypeIcon type={component.type} className="size-5 text-primary" />
          {t(`adminCallouts.types.${component.type}`)}
        </h3>
        <Button
          variant="ghost"
          size="sm"
          icon={<Trash2 aria-hidden className="size-4 text-danger" />}
          onClick={onDelete}
        >
          {t("adminCallouts.builder.delete")}
        </Button>
      </header>

      <TextField
        ref={labelRef}
        label={t(isInput ? "adminCallouts.properties.label" : "adminCallouts.properties.name")}
        value={component.label ?? ""}
        error={labelError}
        onChange={(event) => onPatch(labelPatch(slideComponents, component, event.target.value, isKeyLocked))}
      />
      <TextField
        label={t("adminCallouts.properties.key")}
        hint={t(
          isKeyLocked
            ? "adminCallouts.properties.keyLocked"
            : keyFollowsLabel
              ? "adminCallouts.properties.keyFollows"
              : "adminCallouts.properties.keyHint",
        )}
        value={component.key}
        error={keyError}
        readOnly={isKeyLocked}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => onPatch({ key: event.target.value.replace(/\s+/g, "") })}
      />
      {isInput && (
        <>
          <TextareaField
            label={t("adminCallouts.properties.description")}
            rows={2}
            value={component.description ?? ""}
            onChange={(event) => onPatch({ description: event.target.value || undefined })}
          />
          {placeholderTypes.has(component.type) && (
            <TextField
              label={t("adminCallouts.properties.placeholder")}
              value={component.placeholder ?? ""}
              onChange={(event) => onPatch({ placeholder: event.target.value || undefined })}
            />
          )}
          <CheckboxField
            label={t("adminCallouts.properties.required")}
            checked={component.validate?.required === true}
            onChange={(event) => onPatch({ validate: { ...component.validate, required: event.target.checked } })}
          />
        </>
      )}
      <TypeFields component={component} onPatch={onPatch} />
      {hasOptions && <OptionsEditor component={component} path={path} slides={slides} onPatch={onPatch} />}
      {component.type === "tabs" && <TabPanesEditor component={component} onPatch={onPatch} />}
      {isInput && <ValidationFields component={component} path={path} onPatch={onPatch} />}
      {isInput && <PrivacyFields component={component} onPatch={onPatch} />}
      {isInput && linkParam && takesTextAnswer(component) && (
        <LinkFillFields component={component} paramName={linkParam} onPatch={onPatch} />
      )}
      {!isNestable(component) && (
        <ConditionalFields component={component} path={path} slideComponents={slideComponents} onPatch={onPatch} />
      )}
    </section>
  );
}

/**
 * Whether the answer may appear on the public map and gallery (decision 053):
 * answers that identify a person are private until shown one by one, others
 * public until kept private.
 */
function PrivacyFields({
  component,
  onPatch,
}: {
  component: FormComponent;
  onPatch: (patch: Partial<FormComponent>) => void;
}) {
  const { t } = useTranslation();
  const byKind = asksForIdentity(component);
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-semibold">{t("adminCallouts.properties.privacy")}</legend>
      {!byKind && (
        <CheckboxField
          label={t("adminCallouts.properties.personal")}
          description={t("adminCallouts.properties.personalHint")}
          checked={component.personal === true}
          onChange={(event) =>
            onPatch(event.target.checked ? { personal: true } : { personal: undefined, showPublicly: undefined })
          }
        />
      )}
      {identifiesPerson(component) ? (
        <CheckboxField
          label={t("adminCallouts.properties.showPublicly")}
          description={t(
            byKind ? "adminCallouts.properties.showPubliclyHint" : "adminCallouts.properties.showMarkedHint",
          )}
          checked={component.showPublicly === true && component.adminOnly !== true}
          onChange={(event) =>
            onPatch(event.target.checked ? { showPublicly: true, adminOnly: undefined } : { showPublicly: undefined })
          }
        />
      ) : (
        <CheckboxField
          label={t("adminCallouts.properties.adminOnly")}
          description={t("adminCallouts.properties.adminOnlyHint")}
          checked={component.adminOnly === true}
          onChange={(event) => onPatch({ adminOnly: event.target.checked || undefined })}
        />
      )}
    </fieldset>
  );
}
