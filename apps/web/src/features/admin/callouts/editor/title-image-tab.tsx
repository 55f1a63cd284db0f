import { useTranslation } from "react-i18next";
import { useWatch } from "react-hook-form";
import { SHARE_DESCRIPTION_MAX_LENGTH, slugify } from "@cohort/common/callouts";
import { Alert } from "../../../../ui/alert";
import { Card } from "../../../../ui/card";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { TextField } from "../../../../ui/text-field";
import { TextareaField } from "../../../../ui/textarea-field";
import { useEditorForm, useFieldError, useIsLive } from "./editor-context";
import type { CalloutEditorValues } from "./editor-values";
import { ImageUploadField } from "./image-upload-field";
import { siteUrl } from "../../../../config";

/** Title, description, cover image, link name and the texts used when the callout is shared. */
export function TitleImageTab() {
  const { t } = useTranslation();
  const { register, setValue, getValues } = useEditorForm();
  const isLive = useIsLive();
  const [slugMode, isShareCustom, slug] = useWatch<CalloutEditorValues, ["slugMode", "isShareCustom", "slug"]>({
    name: ["slugMode", "isShareCustom", "slug"],
  });
  const titleError = useFieldError("title");
  const excerptError = useFieldError("excerpt");
  const slugError = useFieldError("slug");
  const shareTitleError = useFieldError("shareTitle");
  const shareDescriptionError = useFieldError("shareDescription");

  return (
    <div className="space-y-6">
      <Card className="space-y-5">
        <TextField
          label={t("adminCallouts.titleImage.title")}
          error={titleError}
          {...register("title", {
            onChange: (event: { target: { value: string } }) => {
              if (getValues("slugMode") === "auto") {
                setValue("slug", slugify(event.target.value), { shouldDirty: true });
              }
            },
          })}
        />
        <TextareaField
          label={t("adminCallouts.titleImage.excerpt")}
          hint={t("adminCallouts.titleImage.excerptHint")}
          rows={3}
          error={excerptError}
          {...register("excerpt")}
        />
        <ImageUploadField />
      </Card>

      <Card className="space-y-4">
        <h3 className="font-bold">{t("adminCallouts.titleImage.slugTitle")}</h3>
        {isLive && <Alert variant="info">{t("adminCallouts.titleImage.slugLocked")}</Alert>}
        <CheckboxField
          label={t("adminCallouts.titleImage.slugAuto")}
          description={t("adminCallouts.titleImage.slugAutoHint")}
          disabled={isLive}
          checked={slugMode === "auto"}
          onChange={(event) => {
            setValue("slugMode", event.target.checked ? "auto" : "manual", { shouldDirty: true });
            if (event.target.checked) setValue("slug", slugify(getValues("title")), { shouldDirty: true });
          }}
        />
        <TextField
          label={t("adminCallouts.titleImage.slug")}
          hint={t("adminCallouts.titleImage.slugHint", { url: siteUrl(`/callouts/${slug || "…"}`) })}
          error={slugError}
          readOnly={isLive || slugMode === "auto"}
          spellCheck={false}
          autoComplete="off"
          {...register("slug")}
        />
      </Card>

      <Card className="space-y-4">
        <h3 className="font-bold">{t("adminCallouts.titleImage.shareTitle")}</h3>
        <CheckboxField
          label={t("adminCallouts.titleImage.shareCustom")}
          description={t("adminCallouts.titleImage.shareCustomHint")}
          {...register("isShareCustom")}
        />
        {isShareCustom && (
          <div className="space-y-4">
            <TextField
              label={t("adminCallouts.titleImage.shareHeading")}
              error={shareTitleError}
              {...register("shareTitle")}
            />
            <TextareaField
              label={t("adminCallouts.titleImage.shareDescription")}
              hint={t("adminCallouts.titleImage.shareDescriptionHint", { max: SHARE_DESCRIPTION_MAX_LENGTH })}
              rows={3}
              maxLength={SHARE_DESCRIPTION_MAX_LENGTH}
              error={shareDescriptionError}
              {...register("shareDescription")}
            />
          </div>
        )}
      </Card>
    </div>
  );
}
