import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { zodResolver } from "@hookform/resolvers/zod";
import type { JoinContent } from "@cohort/common/content";
import { useGeneralContent } from "../../../../api/content";
import { joinContentKeys, updateJoinContent } from "../../../../api/join-content";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { Card } from "../../../../ui/card";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { linkClass } from "../../../../ui/class-names";
import { TextField } from "../../../../ui/text-field";
import { RichTextField } from "../../shared/rich-text/rich-text-field";
import { SettingsForm } from "../../shared/settings-form/settings-form";
import { useSettingsForm } from "../../shared/settings-form/use-settings-form";
import { builderTab } from "../forms/builder-tab";
import { translateFieldMessage } from "../forms/field-messages";
import type { GiftFormValues } from "../forms/gift-form-schema";
import { giftFormSchema, giftSettings } from "../forms/gift-form-schema";

const fields = ["giftEnabled", "giftAmounts", "giftMinAmount", "giftIntro"] as const;

function giftFormValues(content: JoinContent): GiftFormValues {
  return {
    giftEnabled: content.giftEnabled,
    giftAmounts: content.giftAmounts.join("; "),
    giftMinAmount: String(content.giftMinAmount),
    giftIntro: content.giftIntro,
  };
}

/** One-time gifts (decision 068): whether `/donate` takes them, the amounts offered, the smallest and the intro. */
export function GiftForm({ content }: { content: JoinContent }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { organisationName } = useGeneralContent();
  const settings = useSettingsForm({
    area: builderTab,
    content,
    toValues: giftFormValues,
    resolver: zodResolver(giftFormSchema),
    save: (values: GiftFormValues) => updateJoinContent(giftSettings(values)),
    queryKey: joinContentKeys.join,
    fields,
  });
  const {
    control,
    register,
    formState: { errors },
  } = settings.form;
  const message = (text: string | undefined) => translateFieldMessage(t, text, format.currency);

  return (
    <SettingsForm settings={settings} className="max-w-3xl space-y-6">
      <Card className="space-y-5">
        <div className="space-y-1">
          <h2 className="text-lg font-bold">{t("adminMembership.gifts.title")}</h2>
          <p className="text-sm text-body/70">
            {t("adminMembership.gifts.description")}{" "}
            <Link to="/donate" className={linkClass}>
              {t("adminMembership.gifts.open")}
            </Link>
          </p>
        </div>
        <CheckboxField
          label={t("adminMembership.gifts.enabled")}
          description={t("adminMembership.gifts.enabledHint")}
          {...register("giftEnabled")}
        />
        <TextField
          label={t("adminMembership.gifts.amounts")}
          hint={t("adminMembership.gifts.amountsHint")}
          inputMode="decimal"
          error={message(errors.giftAmounts?.message)}
          {...register("giftAmounts")}
        />
        <TextField
          label={t("adminMembership.gifts.minAmount")}
          hint={t("adminMembership.gifts.minAmountHint")}
          inputMode="numeric"
          className="max-w-xs"
          error={message(errors.giftMinAmount?.message)}
          {...register("giftMinAmount")}
        />
        <RichTextField
          name="giftIntro"
          control={control}
          label={t("adminMembership.gifts.intro")}
          hint={t("adminMembership.gifts.introHint")}
          placeholder={t("gift.intro", { organisation: organisationName })}
          error={message(errors.giftIntro?.message)}
        />
      </Card>
    </SettingsForm>
  );
}
