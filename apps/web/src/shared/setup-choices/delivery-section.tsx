import { useTranslation } from "react-i18next";
import type { JoinSetupContent } from "@cohort/common/content";
import { CheckboxField } from "../../ui/checkbox-field";
import { StoredText } from "../../ui/rich-text";
import { TextField } from "../../ui/text-field";
import type { DeliveryField, DeliveryValues } from "./join-setup-choice";

interface DeliverySectionProps {
  content: JoinSetupContent;
  value: DeliveryValues;
  onChange: (value: DeliveryValues) => void;
  /** Required lines left empty, shown once the member tried to save. */
  problems: readonly DeliveryField[];
}

const requiredMessages = {
  line1: "join.errors.line1Required",
  city: "join.errors.cityRequired",
  postcode: "join.errors.postcodeRequired",
} as const;

/** The offer to post the printed edition, and the address it goes to. */
export function DeliverySection({ content, value, onChange, problems }: DeliverySectionProps) {
  const { t } = useTranslation();
  const field = (name: keyof Omit<DeliveryValues, "optIn">) => ({
    value: value[name],
    onChange: (event: { target: { value: string } }) => onChange({ ...value, [name]: event.target.value }),
  });
  const error = (name: DeliveryField) => (problems.includes(name) ? t(requiredMessages[name]) : undefined);

  return (
    <fieldset className="space-y-3 rounded-xl border border-black/10 p-4">
      <legend className="px-1 text-base font-bold">{content.mailTitle || t("join.setup.mailTitle")}</legend>
      <StoredText text={content.mailText} fallback={t("join.setup.mailText")} className="text-sm text-body/75" />
      <CheckboxField
        label={content.mailOptIn || t("join.setup.mailOptIn")}
        checked={value.optIn}
        onChange={(event) => onChange({ ...value, optIn: event.target.checked })}
      />
      {value.optIn && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("join.setup.address.line1")}
            autoComplete="address-line1"
            className="sm:col-span-2"
            error={error("line1")}
            {...field("line1")}
          />
          <TextField
            label={t("join.setup.address.line2")}
            autoComplete="address-line2"
            className="sm:col-span-2"
            {...field("line2")}
          />
          <TextField
            label={t("join.setup.address.city")}
            autoComplete="address-level2"
            error={error("city")}
            {...field("city")}
          />
          <TextField
            label={t("join.setup.address.postcode")}
            autoComplete="postal-code"
            error={error("postcode")}
            {...field("postcode")}
          />
        </div>
      )}
    </fieldset>
  );
}
