import { useTranslation } from "react-i18next";
import { useWatch } from "react-hook-form";
import { TextField } from "../../../../ui/text-field";
import { RichTextField } from "../../shared/rich-text/rich-text-field";
import { ChoiceGroup } from "../../shared/choice-group";
import { useEditorForm, useFieldError } from "./editor-context";
import type { CalloutEditorValues } from "./editor-values";

/** What respondents read before the form, and what they see once they have sent it. */
export function IntroEndFields() {
  const { t } = useTranslation();
  const { register } = useEditorForm();
  const endScreen = useWatch<CalloutEditorValues, "endScreen">({ name: "endScreen" });
  const thanksTitleError = useFieldError("thanksTitle");
  const thanksTextError = useFieldError("thanksText");
  const redirectError = useFieldError("thanksRedirect");
  const introError = useFieldError("intro");

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="intro-title" className="space-y-3">
        <h3 id="intro-title" className="font-bold">
          {t("adminCallouts.content.introTitle")}
        </h3>
        <RichTextField<CalloutEditorValues> name="intro" label={t("adminCallouts.content.intro")} error={introError} />
      </section>
      <section aria-labelledby="end-title" className="space-y-4">
        <h3 id="end-title" className="font-bold">
          {t("adminCallouts.content.endTitle")}
        </h3>
        <ChoiceGroup
          legend={t("adminCallouts.content.endChoice")}
          registration={register("endScreen")}
          choices={[
            { value: "message", label: t("adminCallouts.content.endMessage") },
            { value: "redirect", label: t("adminCallouts.content.endRedirect") },
          ]}
        />
        {endScreen === "message" ? (
          <>
            <TextField
              label={t("adminCallouts.content.thanksTitle")}
              error={thanksTitleError}
              {...register("thanksTitle")}
            />
            <RichTextField<CalloutEditorValues>
              name="thanksText"
              label={t("adminCallouts.content.thanksText")}
              error={thanksTextError}
            />
          </>
        ) : (
          <TextField
            label={t("adminCallouts.content.redirect")}
            hint={t("adminCallouts.content.redirectHint")}
            type="url"
            inputMode="url"
            placeholder="https://"
            error={redirectError}
            {...register("thanksRedirect")}
          />
        )}
      </section>
    </div>
  );
}
